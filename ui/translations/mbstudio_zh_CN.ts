<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CommandTexts</name>
    <message>
        <source>Add part %1</source>
        <translation>添加物体 %1</translation>
    </message>
    <message>
        <source>Add marker %1</source>
        <translation>添加标记点 %1</translation>
    </message>
    <message>
        <source>Add joint %1</source>
        <translation>添加铰 %1</translation>
    </message>
    <message>
        <source>Add motion %1</source>
        <translation>添加驱动 %1</translation>
    </message>
    <message>
        <source>Add force %1</source>
        <translation>添加力元 %1</translation>
    </message>
    <message>
        <source>Add variable %1</source>
        <translation>添加变量 %1</translation>
    </message>
    <message>
        <source>Remove part</source>
        <translation>删除物体</translation>
    </message>
    <message>
        <source>Remove marker</source>
        <translation>删除标记点</translation>
    </message>
    <message>
        <source>Remove joint</source>
        <translation>删除铰</translation>
    </message>
    <message>
        <source>Remove motion</source>
        <translation>删除驱动</translation>
    </message>
    <message>
        <source>Remove force</source>
        <translation>删除力元</translation>
    </message>
    <message>
        <source>Remove variable</source>
        <translation>删除变量</translation>
    </message>
    <message>
        <source>Set properties</source>
        <translation>设置属性</translation>
    </message>
    <message>
        <source>Set output requests</source>
        <translation>设置输出请求</translation>
    </message>
    <message>
        <source>Set parameters</source>
        <translation>设置参数</translation>
    </message>
    <message>
        <source>Set friction of joint %1</source>
        <translation>设置铰 %1 的摩擦</translation>
    </message>
    <message>
        <source>Remove friction of joint %1</source>
        <translation>删除铰 %1 的摩擦</translation>
    </message>
    <message>
        <source>Set initial velocities of %1</source>
        <translation>设置 %1 的初始速度</translation>
    </message>
    <message>
        <source>Create part %1</source>
        <translation>创建物体 %1</translation>
    </message>
    <message>
        <source>Create marker %1 on %2</source>
        <translation>在 %2 上创建标记点 %1</translation>
    </message>
    <message>
        <source>Create markers %1 ... %2 on a circle on %3</source>
        <translation>在 %3 的圆周上创建标记点 %1 … %2</translation>
    </message>
    <message>
        <source>Create %1 joint %2</source>
        <translation>创建%1 %2</translation>
    </message>
    <message>
        <source>Create %1 %2</source>
        <translation>创建%1 %2</translation>
    </message>
    <message>
        <source>Make &apos;%1&apos; flexible</source>
        <translation>将 &apos;%1&apos; 设为柔性体</translation>
    </message>
    <message>
        <source>Delete %1 entities</source>
        <translation>删除 %1 个实体</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>设置 %1</translation>
    </message>
    <message>
        <source>Set clearance of joint %1</source>
        <translation>设置铰 %1 的间隙</translation>
    </message>
    <message>
        <source>Remove clearance of joint %1</source>
        <translation>删除铰 %1 的间隙</translation>
    </message>
    <message>
        <source>Set name</source>
        <translation>设置名称</translation>
    </message>
    <message>
        <source>Set mass</source>
        <translation>设置质量</translation>
    </message>
    <message>
        <source>Set inertia%1</source>
        <translation>设置惯量%1</translation>
    </message>
    <message>
        <source>Set position%1</source>
        <translation>设置位置%1</translation>
    </message>
    <message>
        <source>Set orientation%1</source>
        <translation>设置方位%1</translation>
    </message>
    <message>
        <source>Set velocity%1</source>
        <translation>设置速度%1</translation>
    </message>
    <message>
        <source>Set angular_velocity%1</source>
        <translation>设置角速度%1</translation>
    </message>
    <message>
        <source>Set type</source>
        <translation>设置类型</translation>
    </message>
    <message>
        <source>Set function</source>
        <translation>设置函数表达式</translation>
    </message>
    <message>
        <source>Set stiffness</source>
        <translation>设置刚度</translation>
    </message>
    <message>
        <source>Set damping</source>
        <translation>设置阻尼</translation>
    </message>
    <message>
        <source>Set friction%1</source>
        <translation>设置摩擦%1</translation>
    </message>
    <message>
        <source>Set clearance%1</source>
        <translation>设置间隙%1</translation>
    </message>
    <message>
        <source>Set constraint_element</source>
        <translation>设置约束元</translation>
    </message>
    <message>
        <source>Set initial_conditions%1</source>
        <translation>设置初始条件%1</translation>
    </message>
    <message>
        <source>Add solid to %1</source>
        <translation>为 %1 添加实体</translation>
    </message>
    <message>
        <source>Set units</source>
        <translation>设置单位</translation>
    </message>
    <message>
        <source>Set system elements</source>
        <translation>设置系统元素</translation>
    </message>
    <message>
        <source>Create flexible link %1</source>
        <translation>创建柔性连杆 %1</translation>
    </message>
</context>
<context>
    <name>FileMessages</name>
    <message>
        <source>the damping coefficients d1 and d2 must not be negative</source>
        <translation>阻尼系数 d1 和 d2 不能为负</translation>
    </message>
    <message>
        <source>unknown contact law &apos;%1&apos; (lankarani_nikravesh, polynomial_damping or impact)</source>
        <translation>未知的接触力模型 &apos;%1&apos;(应为 lankarani_nikravesh、polynomial_damping 或 impact)</translation>
    </message>
    <message>
        <source>JSON syntax error: </source>
        <translation>JSON 语法错误:</translation>
    </message>
    <message>
        <source>invalid JSON: </source>
        <translation>无效的 JSON:</translation>
    </message>
    <message>
        <source>invalid model file: </source>
        <translation>无效的模型文件:</translation>
    </message>
    <message>
        <source>cannot open file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>missing field</source>
        <translation>缺少字段</translation>
    </message>
    <message>
        <source>expected a finite number</source>
        <translation>应为有限数值</translation>
    </message>
    <message>
        <source>expected a non-negative integer</source>
        <translation>应为非负整数</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected an array of 3 numbers</source>
        <translation>应为 3 个数值组成的数组</translation>
    </message>
    <message>
        <source>expected finite numbers</source>
        <translation>应为有限数值</translation>
    </message>
    <message>
        <source>expected an array of 3 booleans</source>
        <translation>应为 3 个布尔值组成的数组</translation>
    </message>
    <message>
        <source>expected an array</source>
        <translation>应为数组</translation>
    </message>
    <message>
        <source>expected strings</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected two numbers</source>
        <translation>应为两个数值</translation>
    </message>
    <message>
        <source>expected the names of two joints</source>
        <translation>应为两个铰的名称</translation>
    </message>
    <message>
        <source>expected the name of a part</source>
        <translation>应为物体的名称</translation>
    </message>
    <message>
        <source>expected the name of a marker</source>
        <translation>应为标记点的名称</translation>
    </message>
    <message>
        <source>expected the name of a joint</source>
        <translation>应为铰的名称</translation>
    </message>
    <message>
        <source>expected the name of a motion</source>
        <translation>应为驱动的名称</translation>
    </message>
    <message>
        <source>expected the name of a force</source>
        <translation>应为力元的名称</translation>
    </message>
    <message>
        <source>expected a non-empty array of numbers</source>
        <translation>应为非空的数值数组</translation>
    </message>
    <message>
        <source>expected a non-empty array of variables</source>
        <translation>应为非空的变量数组</translation>
    </message>
    <message>
        <source>expected a non-empty array of responses</source>
        <translation>应为非空的响应数组</translation>
    </message>
    <message>
        <source>unknown part &apos;%1&apos;</source>
        <translation>未知的物体 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown marker &apos;%1&apos;</source>
        <translation>未知的标记点 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown joint &apos;%1&apos;</source>
        <translation>未知的铰 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown motion &apos;%1&apos;</source>
        <translation>未知的驱动 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown force &apos;%1&apos;</source>
        <translation>未知的力元 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown joint %1</source>
        <translation>未知的铰 %1</translation>
    </message>
    <message>
        <source>unknown field &apos;%1&apos;</source>
        <translation>未知字段 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown unit &apos;%1&apos;</source>
        <translation>未知的单位 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown unit system &apos;%1&apos;</source>
        <translation>未知的单位制 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown value &apos;%1&apos; </source>
        <translation>未知的取值 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown statistic &apos;%1&apos; </source>
        <translation>未知的统计量 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown request type &apos;%1&apos;</source>
        <translation>未知的输出请求类型 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>id must be positive</source>
        <translation>编号必须为正</translation>
    </message>
    <message>
        <source>unknown geometry kind </source>
        <translation>未知的几何类型</translation>
    </message>
    <message>
        <source>density must not be negative</source>
        <translation>密度不能为负</translation>
    </message>
    <message>
        <source>friction coefficients must not be negative</source>
        <translation>摩擦系数不能为负</translation>
    </message>
    <message>
        <source>the radial clearance must be positive</source>
        <translation>径向间隙必须为正</translation>
    </message>
    <message>
        <source>the journal radius must be positive</source>
        <translation>轴颈半径必须为正</translation>
    </message>
    <message>
        <source>the contact stiffness must be positive</source>
        <translation>接触刚度必须为正</translation>
    </message>
    <message>
        <source>the force exponent must be at least 1</source>
        <translation>力指数至少为 1</translation>
    </message>
    <message>
        <source>the coefficient of restitution must be in (0, 1]</source>
        <translation>恢复系数必须在 (0, 1] 内</translation>
    </message>
    <message>
        <source>the friction transition velocity must be positive</source>
        <translation>摩擦过渡速度必须为正</translation>
    </message>
    <message>
        <source>expected euler313, z_point/x_point or z_axis/x_axis</source>
        <translation>应为 euler313、z_point/x_point 或 z_axis/x_axis</translation>
    </message>
    <message>
        <source>unknown joint type</source>
        <translation>未知的铰类型</translation>
    </message>
    <message>
        <source>unknown force type</source>
        <translation>未知的力元类型</translation>
    </message>
    <message>
        <source>unknown axis </source>
        <translation>未知的轴</translation>
    </message>
    <message>
        <source>unknown quantity </source>
        <translation>未知的物理量</translation>
    </message>
    <message>
        <source>unknown analysis type </source>
        <translation>未知的分析类型</translation>
    </message>
    <message>
        <source>unknown integrator </source>
        <translation>未知的积分器</translation>
    </message>
    <message>
        <source>unknown formulation </source>
        <translation>未知的方程形式</translation>
    </message>
    <message>
        <source>end time must be positive</source>
        <translation>终止时间必须为正</translation>
    </message>
    <message>
        <source>at least one output step</source>
        <translation>至少需要一个输出步</translation>
    </message>
    <message>
        <source>tolerance must be positive</source>
        <translation>容差必须为正</translation>
    </message>
    <message>
        <source>step sizes must not be negative</source>
        <translation>步长不能为负</translation>
    </message>
    <message>
        <source>the ground part must have id 1</source>
        <translation>大地物体的编号必须为 1</translation>
    </message>
    <message>
        <source>only one ground part is allowed</source>
        <translation>只允许一个大地物体</translation>
    </message>
    <message>
        <source>the id of an entity cannot change</source>
        <translation>实体的编号不能更改</translation>
    </message>
    <message>
        <source>ground flag cannot change</source>
        <translation>大地标志不能更改</translation>
    </message>
    <message>
        <source>unsupported version (this mbsolve reads version 1)</source>
        <translation>不支持的版本(本程序读取版本 1)</translation>
    </message>
    <message>
        <source>no entity named &apos;%1&apos;</source>
        <translation>没有名为 &apos;%1&apos; 的实体</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid parameter name</source>
        <translation>&apos;%1&apos; 不是有效的参数名</translation>
    </message>
    <message>
        <source>variable &apos;%1&apos;: max must be greater than min</source>
        <translation>变量 &apos;%1&apos;:最大值必须大于最小值</translation>
    </message>
    <message>
        <source>must be between 1 and %1</source>
        <translation>必须在 1 到 %1 之间</translation>
    </message>
    <message>
        <source>flexible body: </source>
        <translation>柔性体:</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an Adams/Solver statement mbstudio knows of</source>
        <translation>&apos;%1&apos; 不是 mbstudio 所知的 Adams/Solver 语句</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a documented %2 argument; ignored (graphics and outputs do not change the physics)</source>
        <translation>&apos;%1&apos; 不是 %2 语句有文档说明的参数,已忽略(图形和输出不改变物理结果)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a documented %2 argument</source>
        <translation>&apos;%1&apos; 不是 %2 语句有文档说明的参数</translation>
    </message>
    <message>
        <source>%1 cannot be imported: it uses VARIABLE/%2, whose function cannot be evaluated</source>
        <translation>%1 无法导入:它使用的 VARIABLE/%2 的函数无法求值</translation>
    </message>
    <message>
        <source>%1 cannot be imported: its function uses an </source>
        <translation>%1 无法导入:其函数使用了</translation>
    </message>
    <message>
        <source>%1 cannot be imported: </source>
        <translation>%1 无法导入:</translation>
    </message>
    <message>
        <source>%1 is not imported: </source>
        <translation>%1 未导入:</translation>
    </message>
    <message>
        <source>VARIABLE/%1 was not imported: </source>
        <translation>VARIABLE/%1 未导入:</translation>
    </message>
    <message>
        <source>%1 is not supported in this %2 statement</source>
        <translation>此 %2 语句不支持 %1</translation>
    </message>
    <message>
        <source>%1 is not used: </source>
        <translation>%1 未使用:</translation>
    </message>
    <message>
        <source>%1: expected %2 value(s)</source>
        <translation>%1:应有 %2 个值</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a number</source>
        <translation>%1:&apos;%2&apos; 不是数值</translation>
    </message>
    <message>
        <source>%1: missing id</source>
        <translation>%1:缺少编号</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not an id</source>
        <translation>%1:&apos;%2&apos; 不是编号</translation>
    </message>
    <message>
        <source>missing %1=marker</source>
        <translation>缺少 %1=标记点</translation>
    </message>
    <message>
        <source>%1: MARKER/%2 does not exist</source>
        <translation>%1:MARKER/%2 不存在</translation>
    </message>
    <message>
        <source>GCON: MARKER/%1 does not exist</source>
        <translation>GCON:MARKER/%1 不存在</translation>
    </message>
    <message>
        <source>%1/%2 does not exist</source>
        <translation>%1/%2 不存在</translation>
    </message>
    <message>
        <source>expected COMPONENT = expression in &apos;%1&apos;</source>
        <translation>&apos;%1&apos; 中应为 分量 = 表达式</translation>
    </message>
    <message>
        <source>component &apos;%1&apos; is ambiguous: </source>
        <translation>分量 &apos;%1&apos; 有歧义:</translation>
    </message>
    <message>
        <source>component &apos;%1&apos; is not valid for %2</source>
        <translation>分量 &apos;%1&apos; 对 %2 无效</translation>
    </message>
    <message>
        <source>statement name &apos;%1&apos; is ambiguous: </source>
        <translation>语句名 &apos;%1&apos; 有歧义:</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; is ambiguous: </source>
        <translation>参数 &apos;%1&apos; 有歧义:</translation>
    </message>
    <message>
        <source>duplicate %1</source>
        <translation>重复的 %1</translation>
    </message>
    <message>
        <source>%1 needs an id</source>
        <translation>%1 需要编号</translation>
    </message>
    <message>
        <source>%1 needs a value (%1 = ...)</source>
        <translation>%1 需要取值(%1 = ...)</translation>
    </message>
    <message>
        <source>%1 takes no value</source>
        <translation>%1 不带取值</translation>
    </message>
    <message>
        <source>syntax error: expected NAME/id, found &apos;%1&apos;</source>
        <translation>语法错误:应为 名称/编号,实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>bad id &apos;%1&apos; (an id is a whole number from 0 to 2147483647)</source>
        <translation>错误的编号 &apos;%1&apos;(编号是 0 到 2147483647 之间的整数)</translation>
    </message>
    <message>
        <source>continuation line without a statement</source>
        <translation>续行之前没有语句</translation>
    </message>
    <message>
        <source>EFFECT=%1 cannot be imported: friction here always has stiction and sliding</source>
        <translation>EFFECT=%1 无法导入:本程序的摩擦总是包含静摩擦和滑动摩擦</translation>
    </message>
    <message>
        <source>missing or unsupported %1 type</source>
        <translation>缺少 %1 类型或不支持该类型</translation>
    </message>
    <message>
        <source>the CV marker does not give a gear ratio (it lies on the second joint&apos;s axis)</source>
        <translation>CV 标记点不能确定齿轮传动比(它位于第二个铰的轴线上)</translation>
    </message>
    <message>
        <source>TYPE %1 for JOINT/%2: couplers use the rotation of revolute and cylindrical joints and the translation of translational ones</source>
        <translation>JOINT/%2 的 TYPE %1:耦合副使用转动铰和圆柱铰的转动、移动铰的移动</translation>
    </message>
    <message>
        <source>%1 applies to cylindrical joints only, not to this joint</source>
        <translation>%1 只适用于圆柱铰,不适用于此铰</translation>
    </message>
    <message>
        <source>%1 not written: </source>
        <translation>%1 未写出:</translation>
    </message>
    <message>
        <source>PART/%1: mass must be positive (massless parts are not supported)</source>
        <translation>PART/%1:质量必须为正(不支持无质量物体)</translation>
    </message>
    <message>
        <source>PART/%1: IP (inertia) is required for a part with mass</source>
        <translation>PART/%1:有质量的物体需要 IP(惯量)</translation>
    </message>
    <message>
        <source>EXACT: unknown coordinate &apos;%1&apos; (X, Y, Z, PSI, THETA or PHI)</source>
        <translation>EXACT:未知的坐标 &apos;%1&apos;(X、Y、Z、PSI、THETA 或 PHI)</translation>
    </message>
    <message>
        <source>CM marker is not on PART/%1</source>
        <translation>CM 标记点不在 PART/%1 上</translation>
    </message>
    <message>
        <source>IM marker is not on PART/%1</source>
        <translation>IM 标记点不在 PART/%1 上</translation>
    </message>
    <message>
        <source>MARKER/%1 is on no part (no PART= and no PART statement before it)</source>
        <translation>MARKER/%1 不在任何物体上(没有 PART=,之前也没有 PART 语句)</translation>
    </message>
    <message>
        <source>a dataset may have only one GROUND part</source>
        <translation>一个数据集只能有一个 GROUND 物体</translation>
    </message>
    <message>
        <source>give END or DURATION, not both</source>
        <translation>请给出 END 或 DURATION,不能同时给出</translation>
    </message>
    <message>
        <source>give STEPS or DTOUT, not both</source>
        <translation>请给出 STEPS 或 DTOUT,不能同时给出</translation>
    </message>
    <message>
        <source>a command file starts with the dataset name (line 1) and the output name (line 2)</source>
        <translation>命令文件以数据集名(第 1 行)和输出名(第 2 行)开头</translation>
    </message>
    <message>
        <source>cannot open the dataset &apos;%1&apos;</source>
        <translation>无法打开数据集 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the dataset has no GROUND part (no PART statement has the GROUND flag)</source>
        <translation>数据集没有 GROUND 物体(没有带 GROUND 标志的 PART 语句)</translation>
    </message>
    <message>
        <source>the dataset has no GROUND part (it has no PART statement)</source>
        <translation>数据集没有 GROUND 物体(没有 PART 语句)</translation>
    </message>
    <message>
        <source>a REQUEST is one of DISPLACEMENT, VELOCITY, ACCELERATION, FORCE or F1..F8</source>
        <translation>REQUEST 只能是 DISPLACEMENT、VELOCITY、ACCELERATION、FORCE 或 F1..F8 之一</translation>
    </message>
    <message>
        <source>the command file has %1 SIMULATE commands: the GUI takes the first as its analysis settings; mbsolve runs them all</source>
        <translation>命令文件有 %1 条 SIMULATE 命令:图形界面以第一条作为分析设置;mbsolve 会全部运行</translation>
    </message>
    <message>
        <source>the command file has %1 LINEAR commands (eigen solution, state matrices): mbsolve runs them, the GUI does not</source>
        <translation>命令文件有 %1 条 LINEAR 命令(特征值解、状态矩阵):mbsolve 会运行它们,图形界面不运行</translation>
    </message>
    <message>
        <source>force &apos;%1&apos;: %2 reads an acceleration; forces that depend on the accelerations are not supported (rewrite the function without it)</source>
        <translation>力 &apos;%1&apos;:%2 读取加速度;不支持依赖加速度的力(请改写函数,不用加速度)</translation>
    </message>
    <message>
        <source>sensor &apos;%1&apos;: %2 reads an acceleration, which a sensor (evaluated on positions and velocities after each step) cannot read</source>
        <translation>传感器 &apos;%1&apos;:%2 读取加速度,而传感器(每步之后按位置和速度求值)不能读取加速度</translation>
    </message>
    <message>
        <source>differential equation &apos;%1&apos;: DIF1(%2) reads the derivative of another implicit DIFF, which is not solved together with this one</source>
        <translation>微分方程 &apos;%1&apos;:DIF1(%2) 读取另一个隐式 DIFF 的导数,两者不会联立求解</translation>
    </message>
    <message>
        <source>frustum drawn as a cylinder of its larger radius</source>
        <translation>圆台按其较大半径画成圆柱</translation>
    </message>
    <message>
        <source>ellipsoid drawn as a sphere</source>
        <translation>椭球画成球</translation>
    </message>
    <message>
        <source>graphics of this kind are not drawn</source>
        <translation>不绘制此类图形</translation>
    </message>
    <message>
        <source>an outline over several parts is not drawn</source>
        <translation>不绘制跨多个物体的轮廓线</translation>
    </message>
    <message>
        <source>user subroutines cannot be run</source>
        <translation>无法运行用户子程序</translation>
    </message>
    <message>
        <source>initial velocities about a velocity marker (VM) are not supported</source>
        <translation>不支持相对速度标记点(VM)的初始速度</translation>
    </message>
    <message>
        <source>initial angular velocities about a marker (WM) are not supported</source>
        <translation>不支持相对标记点(WM)的初始角速度</translation>
    </message>
    <message>
        <source>planar parts are not supported</source>
        <translation>不支持平面物体</translation>
    </message>
    <message>
        <source>marker positions relative to a reference marker (RM) are not supported</source>
        <translation>不支持相对参考标记点(RM)的标记点位置</translation>
    </message>
    <message>
        <source>flexible bodies are imported from mbstudio&apos;s own format only</source>
        <translation>柔性体只能从 mbstudio 自己的格式导入</translation>
    </message>
    <message>
        <source>point masses are not supported</source>
        <translation>不支持质点</translation>
    </message>
    <message>
        <source>markers on curves are not supported</source>
        <translation>不支持曲线上的标记点</translation>
    </message>
    <message>
        <source>markers on surfaces are not supported</source>
        <translation>不支持曲面上的标记点</translation>
    </message>
    <message>
        <source>an initial-condition tolerance; the solver uses its own</source>
        <translation>初始条件容差;求解器使用自己的容差</translation>
    </message>
    <message>
        <source>couplers defined by functions are not supported</source>
        <translation>不支持由函数定义的耦合副</translation>
    </message>
    <message>
        <source>couplers of three joints are not supported</source>
        <translation>不支持三个铰的耦合副</translation>
    </message>
    <message>
        <source>the overlap of sliding joints is not modelled</source>
        <translation>不模拟滑动铰的重叠长度</translation>
    </message>
    <message>
        <source>friction switched off in statics is not supported</source>
        <translation>不支持静力学中关闭摩擦</translation>
    </message>
    <message>
        <source>a friction force limit is not supported</source>
        <translation>不支持摩擦力上限</translation>
    </message>
    <message>
        <source>a friction torque limit is not supported</source>
        <translation>不支持摩擦力矩上限</translation>
    </message>
    <message>
        <source>only the stick-slip friction model is supported</source>
        <translation>只支持粘滑摩擦模型</translation>
    </message>
    <message>
        <source>an integrator setting this solver does not use</source>
        <translation>本求解器不使用的积分器设置</translation>
    </message>
    <message>
        <source>drawn as a full revolution</source>
        <translation>画成整周</translation>
    </message>
    <message>
        <source>circle graphics are not drawn</source>
        <translation>不绘制圆图形</translation>
    </message>
    <message>
        <source>arc graphics are not drawn</source>
        <translation>不绘制圆弧图形</translation>
    </message>
    <message>
        <source>curve graphics are not drawn</source>
        <translation>不绘制曲线图形</translation>
    </message>
    <message>
        <source>force graphics are not drawn</source>
        <translation>不绘制力图形</translation>
    </message>
    <message>
        <source>spring-damper graphics are not drawn</source>
        <translation>不绘制弹簧阻尼器图形</translation>
    </message>
    <message>
        <source>external graphics files are not drawn</source>
        <translation>不绘制外部图形文件</translation>
    </message>
    <message>
        <source>graphics detail not drawn</source>
        <translation>不绘制图形细节</translation>
    </message>
    <message>
        <source>column names come from the request id</source>
        <translation>列名取自输出请求编号</translation>
    </message>
    <message>
        <source>results are in SI units</source>
        <translation>结果采用国际单位制</translation>
    </message>
    <message>
        <source>an output setting; results go to the CSV file</source>
        <translation>输出设置;结果写入 CSV 文件</translation>
    </message>
    <message>
        <source>a solver setting this solver does not use</source>
        <translation>本求解器不使用的求解器设置</translation>
    </message>
    <message>
        <source>reference data; an element that uses it is refused</source>
        <translation>参考数据;使用它的元素将被拒绝</translation>
    </message>
    <message>
        <source>clearance elements are not supported</source>
        <translation>不支持间隙单元</translation>
    </message>
    <message>
        <source>curve-curve constraints are not supported</source>
        <translation>不支持曲线-曲线约束</translation>
    </message>
    <message>
        <source>differential equations are not supported</source>
        <translation>不支持微分方程</translation>
    </message>
    <message>
        <source>general state equations are not supported</source>
        <translation>不支持一般状态方程</translation>
    </message>
    <message>
        <source>linear state equations are not supported</source>
        <translation>不支持线性状态方程</translation>
    </message>
    <message>
        <source>modal forces are not supported</source>
        <translation>不支持模态力</translation>
    </message>
    <message>
        <source>multi-point forces (NFORCE) are not supported</source>
        <translation>不支持多点力(NFORCE)</translation>
    </message>
    <message>
        <source>point-curve constraints are not supported</source>
        <translation>不支持点-曲线约束</translation>
    </message>
    <message>
        <source>sensors (which change the simulation when they trigger) are not supported</source>
        <translation>不支持传感器(触发时会改变仿真)</translation>
    </message>
    <message>
        <source>transfer functions are not supported</source>
        <translation>不支持传递函数</translation>
    </message>
    <message>
        <source>user constraints are not supported</source>
        <translation>不支持用户约束</translation>
    </message>
    <message>
        <source>redefining elements from a command file is not supported</source>
        <translation>不支持在命令文件中重新定义元素</translation>
    </message>
    <message>
        <source>a command without effect on the results here</source>
        <translation>此命令在本程序中不影响结果</translation>
    </message>
    <message>
        <source>static solver settings this solver does not use</source>
        <translation>本求解器不使用的静力学求解设置</translation>
    </message>
    <message>
        <source>reading further command or dataset files is not supported</source>
        <translation>不支持读取其他命令文件或数据集文件</translation>
    </message>
    <message>
        <source>initial-condition solver settings this solver does not use</source>
        <translation>本求解器不使用的初始条件求解设置</translation>
    </message>
    <message>
        <source>kinematic solver settings this solver does not use</source>
        <translation>本求解器不使用的运动学求解设置</translation>
    </message>
    <message>
        <source>linear analyses are run with mbsolve --analysis linear</source>
        <translation>线性分析用 mbsolve --analysis linear 运行</translation>
    </message>
    <message>
        <source>reloading saved states is not supported</source>
        <translation>不支持重新载入保存的状态</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be written to an Adams dataset: </source>
        <translation>&apos;%1&apos; 无法写入 Adams 数据集:</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: mesh-file graphics are not written</source>
        <translation>&apos;%1&apos;:不写出网格文件图形</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: initial velocities are written as exact (Adams makes every given component exact)</source>
        <translation>&apos;%1&apos;:初始速度按精确值写出(Adams 把给定的每个分量都作为精确值)</translation>
    </message>
    <message>
        <source>flexible parts are written in mbstudio&apos;s own format only</source>
        <translation>柔性体只以 mbstudio 自己的格式写出</translation>
    </message>
    <message>
        <source>a coupler of a joint primitive cannot be written</source>
        <translation>无法写出基本副的耦合副</translation>
    </message>
    <message>
        <source>initial conditions of this joint kind have no Adams argument</source>
        <translation>此类铰的初始条件没有对应的 Adams 参数</translation>
    </message>
    <message>
        <source>a radial clearance has no Adams JOINT argument (Adams models it as a CONTACT)</source>
        <translation>径向间隙没有对应的 Adams JOINT 参数(Adams 用 CONTACT 建模)</translation>
    </message>
    <message>
        <source>the friction bearing half length has no Adams FRICTION argument</source>
        <translation>摩擦轴承半长没有对应的 Adams FRICTION 参数</translation>
    </message>
    <message>
        <source>the Stribeck curve has no Adams FRICTION argument</source>
        <translation>Stribeck 曲线没有对应的 Adams FRICTION 参数</translation>
    </message>
    <message>
        <source>it drives a joint that is not written</source>
        <translation>它驱动的铰没有写出</translation>
    </message>
    <message>
        <source>%1 joints given by a ratio are not written (Adams defines them by markers: GEAR/CV, JOINT/RACKPIN)</source>
        <translation>由传动比给定的%1不写出(Adams 用标记点定义它们:GEAR/CV、JOINT/RACKPIN)</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>not an mbstudio model (format must be &quot;mbstudio-model&quot;)</source>
        <translation>不是 mbstudio 模型(format 必须为 &quot;mbstudio-model&quot;)</translation>
    </message>
    <message>
        <source>missing or invalid version</source>
        <translation>缺少版本号或版本号无效</translation>
    </message>
    <message>
        <source>no ground part (a part with &quot;ground&quot;: true and id 1)</source>
        <translation>没有大地物体(&quot;ground&quot;: true 且编号为 1 的物体)</translation>
    </message>
    <message>
        <source>duplicate id %1 (also %2)</source>
        <translation>重复的编号 %1(%2 也使用)</translation>
    </message>
    <message>
        <source>cannot write file</source>
        <translation>无法写入文件</translation>
    </message>
    <message>
        <source>cannot replace file</source>
        <translation>无法替换文件</translation>
    </message>
    <message>
        <source>unsupported version %1 (this program reads up to %2)</source>
        <translation>不支持的版本 %1(本程序最多读取版本 %2)</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: the DMBS constraint element (cut joint) mark is not written (Adams has no joint-coordinate tree)</source>
        <translation>&apos;%1&apos;:不写出 DMBS 约束元(切断铰)标记(Adams 没有铰坐标树)</translation>
    </message>
    <message>
        <source>missing %1=graphics</source>
        <translation>缺少 %1=图形</translation>
    </message>
    <message>
        <source>a CONTACT of several geometries is not read (one GRAPHICS each)</source>
        <translation>不读取含多个几何体的 CONTACT(每侧一个 GRAPHICS)</translation>
    </message>
    <message>
        <source>GRAPHICS/%1 is not a contact geometry mbstudio reads (a sphere: ELLIPSOID with equal scales; a PLANE)</source>
        <translation>GRAPHICS/%1 不是 mbstudio 读取的接触几何体(球:三个尺度相等的 ELLIPSOID;平面:PLANE)</translation>
    </message>
    <message>
        <source>the POISSON normal force is not read; use IMPACT (STIFFNESS, EXPONENT, DAMPING, DMAX)</source>
        <translation>不读取 POISSON 法向力;请使用 IMPACT(STIFFNESS、EXPONENT、DAMPING、DMAX)</translation>
    </message>
    <message>
        <source>CONTACT needs IMPACT (the normal force law)</source>
        <translation>CONTACT 需要 IMPACT(法向力模型)</translation>
    </message>
    <message>
        <source>IMPACT needs %1=</source>
        <translation>IMPACT 需要 %1=</translation>
    </message>
    <message>
        <source>IMPACT needs STIFFNESS ≥ 0, EXPONENT &gt; 0, DAMPING ≥ 0 and DMAX &gt; 0</source>
        <translation>IMPACT 要求 STIFFNESS ≥ 0、EXPONENT &gt; 0、DAMPING ≥ 0 且 DMAX &gt; 0</translation>
    </message>
    <message>
        <source>COULOMB_FRICTION is ON, OFF or DYNAMICS_ONLY, not &apos;%1&apos;</source>
        <translation>COULOMB_FRICTION 应为 ON、OFF 或 DYNAMICS_ONLY,而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>COULOMB_FRICTION = %1 needs %2=</source>
        <translation>COULOMB_FRICTION = %1 需要 %2=</translation>
    </message>
    <message>
        <source>friction needs MU_STATIC, MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY &gt; STICTION_TRANSITION_VELOCITY ≥ 0</source>
        <translation>摩擦要求 MU_STATIC、MU_DYNAMIC ≥ 0 且 FRICTION_TRANSITION_VELOCITY &gt; STICTION_TRANSITION_VELOCITY ≥ 0</translation>
    </message>
    <message>
        <source>only the IMPACT normal force and Coulomb friction are read</source>
        <translation>只读取 IMPACT 法向力和库仑摩擦</translation>
    </message>
    <message>
        <source>the contact force is a penalty force</source>
        <translation>接触力为罚函数力</translation>
    </message>
    <message>
        <source>sphere and plane are exact</source>
        <translation>球和平面是精确几何</translation>
    </message>
    <message>
        <source>PLANE needs all of XMIN, XMAX, YMIN and YMAX, or none (an unbounded plane)</source>
        <translation>PLANE 需要同时给出 XMIN、XMAX、YMIN 和 YMAX,或都不给(无界平面)</translation>
    </message>
    <message>
        <source>PLANE needs XMIN &lt; XMAX and YMIN &lt; YMAX</source>
        <translation>PLANE 要求 XMIN &lt; XMAX 且 YMIN &lt; YMAX</translation>
    </message>
    <message>
        <source>an unbounded PLANE is not drawn</source>
        <translation>无界 PLANE 不绘制</translation>
    </message>
    <message>
        <source>only a revolute, spherical or translational joint can have a clearance</source>
        <translation>只有转动铰、球铰或移动铰可以有间隙</translation>
    </message>
    <message>
        <source>the clearance must be positive</source>
        <translation>间隙必须为正</translation>
    </message>
    <message>
        <source>the ball radius must be positive</source>
        <translation>球半径必须为正</translation>
    </message>
    <message>
        <source>the slider length must be positive</source>
        <translation>滑块长度必须为正</translation>
    </message>
    <message>
        <source>a translational clearance needs a positive slider length</source>
        <translation>移动铰间隙需要正的滑块长度</translation>
    </message>
    <message>
        <source>a slider length belongs to a translational clearance only</source>
        <translation>滑块长度只适用于移动铰间隙</translation>
    </message>
    <message>
        <source>the maximum damping must not be negative</source>
        <translation>最大阻尼不能为负</translation>
    </message>
    <message>
        <source>the penetration depth must be positive</source>
        <translation>嵌入深度必须为正</translation>
    </message>
    <message>
        <source>flipped geometry (contact inside a solid) is read only for a CYLINDER around a CYLINDER</source>
        <translation>翻转的几何体(实体内部的接触)只用于包围 CYLINDER 的 CYLINDER</translation>
    </message>
    <message>
        <source>%1: flips a GRAPHICS that is not the %2 one</source>
        <translation>%1:翻转的 GRAPHICS 不是 %2 所指的那个</translation>
    </message>
    <message>
        <source>a CONTACT between %1 and %2 geometry is not read; mbstudio reads a sphere (ELLIPSOID) on a PLANE and a CYLINDER in a flipped CYLINDER</source>
        <translation>不读取 %1 与 %2 几何体之间的 CONTACT;mbstudio 读取球(ELLIPSOID)与平面(PLANE)的接触,以及翻转 CYLINDER 中的 CYLINDER</translation>
    </message>
    <message>
        <source>both CYLINDERs are flipped: a pin in a hole flips the hole only</source>
        <translation>两个 CYLINDER 都被翻转:孔中的销只翻转孔</translation>
    </message>
    <message>
        <source>two solid CYLINDERs: a pin in a hole needs the hole flipped (IFLIP_GEOMETRY or JFLIP_GEOMETRY)</source>
        <translation>两个实心 CYLINDER:孔中的销需要翻转孔(IFLIP_GEOMETRY 或 JFLIP_GEOMETRY)</translation>
    </message>
    <message>
        <source>the hole&apos;s RADIUS must exceed the pin&apos;s for a clearance</source>
        <translation>要有间隙,孔的 RADIUS 必须大于销的</translation>
    </message>
    <message>
        <source>the CYLINDERs&apos; axes are not parallel: a pin in a hole is read with parallel axes</source>
        <translation>两个 CYLINDER 的轴线不平行:孔中的销只按平行轴线读取</translation>
    </message>
    <message>
        <source>the pin and the hole are on the same part</source>
        <translation>销和孔在同一个部件上</translation>
    </message>
    <message>
        <source>the clearance joint&apos;s friction reaches MU_DYNAMIC at twice STICTION_TRANSITION_VELOCITY, not at FRICTION_TRANSITION_VELOCITY</source>
        <translation>间隙铰的摩擦在 STICTION_TRANSITION_VELOCITY 的两倍处达到 MU_DYNAMIC,而不是在 FRICTION_TRANSITION_VELOCITY 处</translation>
    </message>
    <message>
        <source>CURVE with FUNCTION = USER(...) is computed by a user subroutine (CURSUB), which cannot be run</source>
        <translation>带 FUNCTION = USER(...) 的 CURVE 由用户子程序 (CURSUB) 计算,无法运行</translation>
    </message>
    <message>
        <source>PTCV cannot be imported: its curve was not (see %1)</source>
        <translation>PTCV 无法导入:其曲线未导入(见 %1)</translation>
    </message>
    <message>
        <source>a closed curve&apos;s first and last points must be the same</source>
        <translation>闭合曲线的首点和末点必须相同</translation>
    </message>
    <message>
        <source>CVCV cannot be imported: its curve was not (see %1)</source>
        <translation>CVCV 无法导入:其曲线未导入(见 %1)</translation>
    </message>
    <message>
        <source>%1: a CVCV curve must lie in the xy plane of its %2 marker (its points need z = 0)</source>
        <translation>%1:CVCV 曲线必须位于其 %2 标记点的 xy 平面内(其各点需 z = 0)</translation>
    </message>
    <message>
        <source>the model has no plant input (PINPUT): a co-simulation FMU takes its inputs from the model&apos;s PINPUT VARIABLEs and gives its outputs from its POUTPUT VARIABLEs</source>
        <translation>模型没有对象输入(PINPUT):联合仿真 FMU 的输入取自模型 PINPUT 的变量,输出取自其 POUTPUT 的变量</translation>
    </message>
    <message>
        <source>the model has no plant output (POUTPUT): a co-simulation FMU takes its inputs from the model&apos;s PINPUT VARIABLEs and gives its outputs from its POUTPUT VARIABLEs</source>
        <translation>模型没有对象输出(POUTPUT):联合仿真 FMU 的输入取自模型 PINPUT 的变量,输出取自其 POUTPUT 的变量</translation>
    </message>
    <message>
        <source>plant input &apos;%1&apos;: &apos;%2&apos; is not a VARIABLE of the model</source>
        <translation>对象输入 &apos;%1&apos;:&apos;%2&apos; 不是模型的变量</translation>
    </message>
    <message>
        <source>plant output &apos;%1&apos;: &apos;%2&apos; is not a VARIABLE of the model</source>
        <translation>对象输出 &apos;%1&apos;:&apos;%2&apos; 不是模型的变量</translation>
    </message>
    <message>
        <source>VARIABLE &apos;%1&apos; is listed by a plant input and again by the plant port &apos;%2&apos;: an FMU variable is either an input or an output, once</source>
        <translation>变量 &apos;%1&apos; 已列在一个对象输入中,又列在对象端口 &apos;%2&apos; 中:FMU 的变量只能是输入或输出之一,且只出现一次</translation>
    </message>
    <message>
        <source>the FMU binary mbs_fmu_plant.so was not found (it is built with mbsolve and installed beside it; see docs/mbsolve.md)</source>
        <translation>未找到 FMU 二进制文件 mbs_fmu_plant.so(它随 mbsolve 一起构建并安装在其旁边;见 docs/mbsolve.md)</translation>
    </message>
    <message>
        <source>plant input &apos;%1&apos; cannot be an FMU input: </source>
        <translation>对象输入 &apos;%1&apos; 不能作为 FMU 输入:</translation>
    </message>
    <message>
        <source>the initial conditions at t = %1 s have no solution: </source>
        <translation>t = %1 s 时的初始条件无解:</translation>
    </message>
    <message>
        <source>cannot export an FMU: the model does not compile: </source>
        <translation>无法导出 FMU:模型无法编译:</translation>
    </message>
    <message>
        <source>cannot export an FMU: the model is not valid: </source>
        <translation>无法导出 FMU:模型无效:</translation>
    </message>
    <message>
        <source>cannot create &apos;%1&apos; (does its folder exist, and may it be written?)</source>
        <translation>无法创建 &apos;%1&apos;(其文件夹是否存在、是否可写?)</translation>
    </message>
    <message>
        <source>cannot export an FMU: </source>
        <translation>无法导出 FMU:</translation>
    </message>
</context>
<context>
    <name>PlotPanel</name>
    <message>
        <source>q%1</source>
        <translation>q%1</translation>
    </message>
    <message>
        <source>CM position x [m]</source>
        <translation>质心位置 x [m]</translation>
    </message>
    <message>
        <source>CM position y [m]</source>
        <translation>质心位置 y [m]</translation>
    </message>
    <message>
        <source>CM position z [m]</source>
        <translation>质心位置 z [m]</translation>
    </message>
    <message>
        <source>CM velocity x [m/s]</source>
        <translation>质心速度 x [m/s]</translation>
    </message>
    <message>
        <source>CM velocity y [m/s]</source>
        <translation>质心速度 y [m/s]</translation>
    </message>
    <message>
        <source>CM velocity z [m/s]</source>
        <translation>质心速度 z [m/s]</translation>
    </message>
    <message>
        <source>CM acceleration x [m/s²]</source>
        <translation>质心加速度 x [m/s²]</translation>
    </message>
    <message>
        <source>CM acceleration y [m/s²]</source>
        <translation>质心加速度 y [m/s²]</translation>
    </message>
    <message>
        <source>CM acceleration z [m/s²]</source>
        <translation>质心加速度 z [m/s²]</translation>
    </message>
    <message>
        <source>Angular velocity x [rad/s]</source>
        <translation>角速度 x [rad/s]</translation>
    </message>
    <message>
        <source>Angular velocity y [rad/s]</source>
        <translation>角速度 y [rad/s]</translation>
    </message>
    <message>
        <source>Angular velocity z [rad/s]</source>
        <translation>角速度 z [rad/s]</translation>
    </message>
    <message>
        <source>Speed |v| [m/s]</source>
        <translation>速度大小 |v| [m/s]</translation>
    </message>
    <message>
        <source>Angular acceleration x [rad/s²]</source>
        <translation>角加速度 x [rad/s²]</translation>
    </message>
    <message>
        <source>Angular acceleration y [rad/s²]</source>
        <translation>角加速度 y [rad/s²]</translation>
    </message>
    <message>
        <source>Angular acceleration z [rad/s²]</source>
        <translation>角加速度 z [rad/s²]</translation>
    </message>
    <message>
        <source>Euler angle ψ (3-1-3) [deg]</source>
        <translation>欧拉角 ψ (3-1-3) [°]</translation>
    </message>
    <message>
        <source>Euler angle θ (3-1-3) [deg]</source>
        <translation>欧拉角 θ (3-1-3) [°]</translation>
    </message>
    <message>
        <source>Euler angle φ (3-1-3) [deg]</source>
        <translation>欧拉角 φ (3-1-3) [°]</translation>
    </message>
    <message>
        <source>Bryant angle α (about x) [deg]</source>
        <translation>卡尔丹角 α (绕 x) [°]</translation>
    </message>
    <message>
        <source>Bryant angle β (about y) [deg]</source>
        <translation>卡尔丹角 β (绕 y) [°]</translation>
    </message>
    <message>
        <source>Bryant angle γ (about z) [deg]</source>
        <translation>卡尔丹角 γ (绕 z) [°]</translation>
    </message>
    <message>
        <source>Kinetic energy [J]</source>
        <translation>动能 [J]</translation>
    </message>
    <message>
        <source>Potential energy (gravity) [J]</source>
        <translation>重力势能 [J]</translation>
    </message>
    <message>
        <source>Relative displacement x [m]</source>
        <translation>相对位移 x [m]</translation>
    </message>
    <message>
        <source>Relative displacement y [m]</source>
        <translation>相对位移 y [m]</translation>
    </message>
    <message>
        <source>Relative displacement z [m]</source>
        <translation>相对位移 z [m]</translation>
    </message>
    <message>
        <source>Relative velocity x [m/s]</source>
        <translation>相对速度 x [m/s]</translation>
    </message>
    <message>
        <source>Relative velocity y [m/s]</source>
        <translation>相对速度 y [m/s]</translation>
    </message>
    <message>
        <source>Relative velocity z [m/s]</source>
        <translation>相对速度 z [m/s]</translation>
    </message>
    <message>
        <source>Relative angle about z [deg]</source>
        <translation>绕 z 相对转角 [°]</translation>
    </message>
    <message>
        <source>Relative angular velocity x [deg/s]</source>
        <translation>相对角速度 x [°/s]</translation>
    </message>
    <message>
        <source>Relative angular velocity y [deg/s]</source>
        <translation>相对角速度 y [°/s]</translation>
    </message>
    <message>
        <source>Relative angular velocity z [deg/s]</source>
        <translation>相对角速度 z [°/s]</translation>
    </message>
    <message>
        <source>Position x [m]</source>
        <translation>位置 x [m]</translation>
    </message>
    <message>
        <source>Position y [m]</source>
        <translation>位置 y [m]</translation>
    </message>
    <message>
        <source>Position z [m]</source>
        <translation>位置 z [m]</translation>
    </message>
    <message>
        <source>Velocity x [m/s]</source>
        <translation>速度 x [m/s]</translation>
    </message>
    <message>
        <source>Velocity y [m/s]</source>
        <translation>速度 y [m/s]</translation>
    </message>
    <message>
        <source>Velocity z [m/s]</source>
        <translation>速度 z [m/s]</translation>
    </message>
    <message>
        <source>Acceleration x [m/s²]</source>
        <translation>加速度 x [m/s²]</translation>
    </message>
    <message>
        <source>Acceleration y [m/s²]</source>
        <translation>加速度 y [m/s²]</translation>
    </message>
    <message>
        <source>Acceleration z [m/s²]</source>
        <translation>加速度 z [m/s²]</translation>
    </message>
    <message>
        <source>Driving torque [N·m]</source>
        <translation>驱动力矩 [N·m]</translation>
    </message>
    <message>
        <source>Driving power [W]</source>
        <translation>驱动功率 [W]</translation>
    </message>
    <message>
        <source>Reaction force |F| [N]</source>
        <translation>约束反力 |F| [N]</translation>
    </message>
    <message>
        <source>Reaction torque |T| [N·m]</source>
        <translation>约束反力矩 |T| [N·m]</translation>
    </message>
    <message>
        <source>Driving force [N]</source>
        <translation>驱动力 [N]</translation>
    </message>
    <message>
        <source>Total mechanical energy [J]</source>
        <translation>总机械能 [J]</translation>
    </message>
    <message>
        <source>Reaction force x [N]</source>
        <translation>约束反力 x [N]</translation>
    </message>
    <message>
        <source>Reaction force y [N]</source>
        <translation>约束反力 y [N]</translation>
    </message>
    <message>
        <source>Reaction force z [N]</source>
        <translation>约束反力 z [N]</translation>
    </message>
    <message>
        <source>Reaction torque x [N·m]</source>
        <translation>约束反力矩 x [N·m]</translation>
    </message>
    <message>
        <source>Reaction torque y [N·m]</source>
        <translation>约束反力矩 y [N·m]</translation>
    </message>
    <message>
        <source>Reaction torque z [N·m]</source>
        <translation>约束反力矩 z [N·m]</translation>
    </message>
    <message>
        <source>Friction force |F| [N]</source>
        <translation>摩擦力 |F| [N]</translation>
    </message>
    <message>
        <source>Friction torque |T| [N·m]</source>
        <translation>摩擦力矩 |T| [N·m]</translation>
    </message>
    <message>
        <source>Friction normal force [N]</source>
        <translation>摩擦正压力 [N]</translation>
    </message>
    <message>
        <source>Friction sliding speed [m/s]</source>
        <translation>摩擦相对滑动速度 [m/s]</translation>
    </message>
    <message>
        <source>Friction stick (1 = stick)</source>
        <translation>摩擦黏着状态 (1 = 黏着)</translation>
    </message>
    <message>
        <source>Friction power [W]</source>
        <translation>摩擦功率 [W]</translation>
    </message>
    <message>
        <source>Contact normal force [N]</source>
        <translation>接触法向力 [N]</translation>
    </message>
    <message>
        <source>Contact friction force [N]</source>
        <translation>接触摩擦力 [N]</translation>
    </message>
    <message>
        <source>Penetration [m]</source>
        <translation>嵌入深度 [m]</translation>
    </message>
    <message>
        <source>Eccentricity x [m]</source>
        <translation>偏心距 x [m]</translation>
    </message>
    <message>
        <source>Eccentricity y [m]</source>
        <translation>偏心距 y [m]</translation>
    </message>
    <message>
        <source>Eccentricity |e| [m]</source>
        <translation>偏心距 |e| [m]</translation>
    </message>
    <message>
        <source>In contact (1 = contact)</source>
        <translation>接触状态 (1 = 接触)</translation>
    </message>
    <message>
        <source>Max von Mises stress [Pa]</source>
        <translation>最大 von Mises 等效应力 [Pa]</translation>
    </message>
    <message>
        <source>Max principal stress [Pa]</source>
        <translation>最大主应力 [Pa]</translation>
    </message>
    <message>
        <source>Force x [N]</source>
        <translation>力 x [N]</translation>
    </message>
    <message>
        <source>Force y [N]</source>
        <translation>力 y [N]</translation>
    </message>
    <message>
        <source>Force z [N]</source>
        <translation>力 z [N]</translation>
    </message>
    <message>
        <source>Force |F| [N]</source>
        <translation>力 |F| [N]</translation>
    </message>
    <message>
        <source>Torque |T| [N·m]</source>
        <translation>力矩 |T| [N·m]</translation>
    </message>
    <message>
        <source>Deformation [m or rad]</source>
        <translation>变形 [m 或 rad]</translation>
    </message>
    <message>
        <source>Deformation rate [m/s or rad/s]</source>
        <translation>变形速率 [m/s 或 rad/s]</translation>
    </message>
    <message>
        <source>Orbit: eccentricity y vs x [m]</source>
        <translation>轴心轨迹:偏心距 y 对 x [m]</translation>
    </message>
    <message>
        <source>Eccentricity z [m]</source>
        <translation>偏心距 z [m]</translation>
    </message>
    <message>
        <source>displacement x [m]</source>
        <translation>位移 x [m]</translation>
    </message>
    <message>
        <source>displacement y [m]</source>
        <translation>位移 y [m]</translation>
    </message>
    <message>
        <source>displacement z [m]</source>
        <translation>位移 z [m]</translation>
    </message>
    <message>
        <source>Contact force x [N]</source>
        <translation>接触力 x [N]</translation>
    </message>
    <message>
        <source>Contact force y [N]</source>
        <translation>接触力 y [N]</translation>
    </message>
    <message>
        <source>Contact force z [N]</source>
        <translation>接触力 z [N]</translation>
    </message>
    <message>
        <source>Contact force |F| [N]</source>
        <translation>接触力 |F| [N]</translation>
    </message>
    <message>
        <source>Slip velocity [m/s]</source>
        <translation>滑移速度 [m/s]</translation>
    </message>
    <message>
        <source>Contact point x [m]</source>
        <translation>接触点 x [m]</translation>
    </message>
    <message>
        <source>Contact point y [m]</source>
        <translation>接触点 y [m]</translation>
    </message>
    <message>
        <source>Contact point z [m]</source>
        <translation>接触点 z [m]</translation>
    </message>
    <message>
        <source>Contact points carrying load</source>
        <translation>承载接触点数</translation>
    </message>
    <message>
        <source>State x</source>
        <translation>状态 x</translation>
    </message>
    <message>
        <source>Derivative dx/dt (per second)</source>
        <translation>导数 dx/dt（每秒）</translation>
    </message>
    <message>
        <source>Deflection x (beam axes) [m]</source>
        <translation>挠度 x(梁坐标轴) [m]</translation>
    </message>
    <message>
        <source>Deflection y (beam axes) [m]</source>
        <translation>挠度 y(梁坐标轴) [m]</translation>
    </message>
    <message>
        <source>Deflection z (beam axes) [m]</source>
        <translation>挠度 z(梁坐标轴) [m]</translation>
    </message>
    <message>
        <source>Deflection |d| [m]</source>
        <translation>挠度 |d| [m]</translation>
    </message>
    <message>
        <source>Axial force N [N]</source>
        <translation>轴力 N [N]</translation>
    </message>
    <message>
        <source>Shear force Vy [N]</source>
        <translation>剪力 Vy [N]</translation>
    </message>
    <message>
        <source>Shear force Vz [N]</source>
        <translation>剪力 Vz [N]</translation>
    </message>
    <message>
        <source>Torque T [N·m]</source>
        <translation>扭矩 T [N·m]</translation>
    </message>
    <message>
        <source>Bending moment My at node A [N·m]</source>
        <translation>节点 A 处弯矩 My [N·m]</translation>
    </message>
    <message>
        <source>Bending moment Mz at node A [N·m]</source>
        <translation>节点 A 处弯矩 Mz [N·m]</translation>
    </message>
    <message>
        <source>Bending moment My at node B [N·m]</source>
        <translation>节点 B 处弯矩 My [N·m]</translation>
    </message>
    <message>
        <source>Bending moment Mz at node B [N·m]</source>
        <translation>节点 B 处弯矩 Mz [N·m]</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>… and %1 more lines: see Show Details.</source>
        <translation>…… 另有 %1 行:见“显示详细信息”。</translation>
    </message>
    <message>
        <source>(Long lines are cut: see Show Details.)</source>
        <translation>(过长的行已截断:见“显示详细信息”。)</translation>
    </message>
    <message>
        <source>part &apos;%1&apos; has no geometry to take a plane profile from</source>
        <translation>物体 &apos;%1&apos; 没有可取平面轮廓的几何体</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;: no edge of its box is normal to the %2 plane, so the box is not an extrusion of a profile in that plane</source>
        <translation>物体 &apos;%1&apos;:其长方体没有垂直于 %2 平面的棱边,因此不是该平面内轮廓的拉伸体</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;: its cylinder&apos;s axis is not normal to the %2 plane (a cylinder is an extruded disc only along its axis)</source>
        <translation>物体 &apos;%1&apos;:其圆柱体的轴线不垂直于 %2 平面(圆柱体只沿其轴线方向是圆盘的拉伸体)</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;: its link does not lie in the %2 plane</source>
        <translation>物体 &apos;%1&apos;:其连杆不在 %2 平面内</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;: a sphere is not an extrusion of a plane profile; make it a solid body</source>
        <translation>物体 &apos;%1&apos;:球体不是平面轮廓的拉伸体;请将其生成为实体柔体</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;: an imported mesh has no plane profile to mesh; make it a solid body</source>
        <translation>物体 &apos;%1&apos;:导入的网格没有可剖分的平面轮廓;请将其生成为实体柔体</translation>
    </message>
    <message numerus="yes">
        <source>, %n problem(s): </source>
        <translation>
            <numerusform>,%n 个问题:</numerusform>
        </translation>
    </message>
    <message>
        <source>Topology: %1 moving parts, %2 loops, DOF %3 (%4 with motions)%5</source>
        <translation>拓扑结构:%1 个运动物体,%2 个闭环,自由度 %3(计入驱动后 %4)%5</translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation>撤销:%1</translation>
    </message>
    <message>
        <source>Redo: %1</source>
        <translation>重做:%1</translation>
    </message>
    <message>
        <source>Delete failed: %1</source>
        <translation>删除失败:%1</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Preferences...</source>
        <translation>首选项(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>New model.</source>
        <translation>新建模型。</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Save model as</source>
        <translation>模型另存为</translation>
    </message>
    <message>
        <source>mbstudio models (*.mbs.json)</source>
        <translation>mbstudio 模型 (*.mbs.json)</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Adams export refused:
%1</source>
        <translation>拒绝导出 Adams 数据集:
%1</translation>
    </message>
    <message>
        <source>Export to Adams</source>
        <translation>导出到 Adams</translation>
    </message>
    <message>
        <source>The model cannot be written as an Adams dataset:

%1</source>
        <translation>该模型无法写成 Adams 数据集:

%1</translation>
    </message>
    <message>
        <source>Export Adams dataset</source>
        <translation>导出 Adams 数据集</translation>
    </message>
    <message>
        <source>Adams datasets (*.adm)</source>
        <translation>Adams 数据集 (*.adm)</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Exported Adams dataset %1</source>
        <translation>已导出 Adams 数据集 %1</translation>
    </message>
    <message>
        <source>Save view as image</source>
        <translation>将视图保存为图片</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>View saved to %1</source>
        <translation>视图已保存到 %1</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>Save the changes to %1 first?</source>
        <translation>是否先保存对 %1 的修改?</translation>
    </message>
    <message>
        <source>Your changes are lost if you don&apos;t save them.</source>
        <translation>如果不保存,所做的修改将丢失。</translation>
    </message>
    <message>
        <source>Do&amp;n&apos;t Save</source>
        <translation>不保存(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open / Import .adm...</source>
        <translation>打开 / 导入 .adm(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Adams Dataset (.adm)...</source>
        <translation>Adams 数据集 (.adm)(&amp;A)...</translation>
    </message>
    <message>
        <source>Save View as &amp;Image...</source>
        <translation>将视图保存为图片(&amp;I)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>The user guide (user-guide.md) was not found next to mbstudio (share/doc/mbstudio) nor in the source tree&apos;s docs folder.</source>
        <translation>在 mbstudio 安装目录 (share/doc/mbstudio) 和源代码的 docs 文件夹中均未找到用户指南 (user-guide.md)。</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>The user guide is not installed with this copy of mbstudio.</source>
        <translation>此 mbstudio 未安装用户指南。</translation>
    </message>
    <message>
        <source>mbstudio user guide</source>
        <translation>mbstudio 用户指南</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;About mbstudio</source>
        <translation>关于 mbstudio(&amp;A)</translation>
    </message>
    <message>
        <source>About mbstudio</source>
        <translation>关于 mbstudio</translation>
    </message>
    <message>
        <source>&lt;b&gt;mbstudio&lt;/b&gt; %1 — multibody dynamics pre/post-processor.&lt;br&gt;Model, check topology, solve and post-process mechanisms.</source>
        <translation>&lt;b&gt;mbstudio&lt;/b&gt; %1 — 多体系统动力学前后处理软件。&lt;br&gt;建立机构模型、检查拓扑结构、求解并进行结果后处理。</translation>
    </message>
    <message>
        <source>&amp;Run Analysis</source>
        <translation>运行分析(&amp;R)</translation>
    </message>
    <message>
        <source>Run the model&apos;s analysis (F5)</source>
        <translation>运行模型的分析 (F5)</translation>
    </message>
    <message>
        <source>&amp;Linear Modes</source>
        <translation>线性化模态(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消求解(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Fit All</source>
        <translation>全部显示(&amp;F)</translation>
    </message>
    <message>
        <source>part &apos;%1&apos; has no solid geometry to mesh</source>
        <translation>物体 &apos;%1&apos; 没有可剖分网格的实体几何</translation>
    </message>
    <message>
        <source>&amp;Gravity...</source>
        <translation>重力加速度(&amp;G)...</translation>
    </message>
    <message>
        <source>&amp;Marker...</source>
        <translation>标记点(&amp;M)...</translation>
    </message>
    <message>
        <source>&amp;Part...</source>
        <translation>物体(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;Joint...</source>
        <translation>铰(&amp;J)...</translation>
    </message>
    <message>
        <source>M&amp;otion...</source>
        <translation>驱动(&amp;O)...</translation>
    </message>
    <message>
        <source>&amp;Force...</source>
        <translation>力元(&amp;F)...</translation>
    </message>
    <message>
        <source>Joint F&amp;riction...</source>
        <translation>摩擦铰(&amp;R)...</translation>
    </message>
    <message>
        <source>&amp;Initial Velocities...</source>
        <translation>初始速度(&amp;I)...</translation>
    </message>
    <message>
        <source>Make Fle&amp;xible...</source>
        <translation>生成柔体(&amp;X)...</translation>
    </message>
    <message>
        <source>Output Re&amp;quests...</source>
        <translation>输出请求(&amp;Q)...</translation>
    </message>
    <message>
        <source>Deleted 1 entity</source>
        <translation>已删除 1 个对象</translation>
    </message>
    <message>
        <source>Deleted %1 entities</source>
        <translation>已删除 %1 个对象</translation>
    </message>
    <message>
        <source>1 dependent</source>
        <translation>1 个从属对象</translation>
    </message>
    <message>
        <source>%1 dependents</source>
        <translation>%1 个从属对象</translation>
    </message>
    <message>
        <source>%1 and %2 (undo restores them).</source>
        <translation>%1 及 %2(撤销可恢复)。</translation>
    </message>
    <message>
        <source>&amp;Isometric</source>
        <translation>等轴测(&amp;I)</translation>
    </message>
    <message>
        <source>F&amp;ront</source>
        <translation>前视(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后视(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Top</source>
        <translation>俯视(&amp;T)</translation>
    </message>
    <message>
        <source>Botto&amp;m</source>
        <translation>仰视(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Left</source>
        <translation>左视(&amp;L)</translation>
    </message>
    <message>
        <source>R&amp;ight</source>
        <translation>右视(&amp;I)</translation>
    </message>
    <message>
        <source>The Chinese quick start (zh/quick-start.md) is not installed.</source>
        <translation>未安装中文快速入门 (zh/quick-start.md)。</translation>
    </message>
    <message>
        <source>mbstudio quick start (Chinese)</source>
        <translation>mbstudio 中文快速入门</translation>
    </message>
    <message>
        <source>Quick Start in &amp;Chinese (中文快速入门)</source>
        <translation>中文快速入门(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Design Study...</source>
        <translation>设计研究(&amp;D)...</translation>
    </message>
    <message>
        <source>Vary the model&apos;s parameters over many runs and compare the results</source>
        <translation>在多次运行中改变模型参数并比较结果</translation>
    </message>
    <message>
        <source>&amp;Joint Analysis...</source>
        <translation>铰分析(&amp;J)...</translation>
    </message>
    <message>
        <source>All models (*.mbs.json *.json *.adm *.acf);;mbstudio models (*.mbs.json *.json);;Adams datasets (*.adm);;Adams command files (*.acf);;All files (*)</source>
        <translation>所有模型 (*.mbs.json *.json *.adm *.acf);;mbstudio 模型 (*.mbs.json *.json);;Adams 数据集 (*.adm);;Adams 命令文件 (*.acf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is a bundled example or read-only; save your copy elsewhere.</source>
        <translation>%1 是自带示例或只读文件;请将副本另存到其他位置。</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Play Animation</source>
        <translation>播放动画</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play or pause the animation of the results</source>
        <translation>播放或暂停结果动画</translation>
    </message>
    <message>
        <source>Con&amp;tact...</source>
        <translation>接触(&amp;T)...</translation>
    </message>
    <message>
        <source>Add &amp;Solid...</source>
        <translation>添加实体(&amp;S)...</translation>
    </message>
    <message>
        <source>&amp;Edit Contact...</source>
        <translation>编辑接触(&amp;E)...</translation>
    </message>
    <message>
        <source>&amp;Contact Forces</source>
        <translation>接触力(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Units...</source>
        <translation>单位(&amp;U)...</translation>
    </message>
    <message>
        <source>The units the model&apos;s numbers are shown and typed in</source>
        <translation>模型数值显示和输入所用的单位</translation>
    </message>
    <message>
        <source>S&amp;ystem Elements...</source>
        <translation>系统元素(&amp;Y)...</translation>
    </message>
    <message>
        <source>Export Co-Simulation FMU</source>
        <translation>导出联合仿真 FMU</translation>
    </message>
    <message>
        <source>Co-Simulation &amp;FMU (.fmu)...</source>
        <translation>联合仿真 FMU (.fmu)(&amp;F)...</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Flexible &amp;Link...</source>
        <translation>柔性连杆(&amp;L)...</translation>
    </message>
    <message>
        <source>FE &amp;Beam...</source>
        <translation>有限元梁(&amp;B)...</translation>
    </message>
</context>
<context>
    <name>SolverMessages</name>
    <message>
        <source>formulation (automatic): DMBS, joint coordinates — it covers every element of the model; O(N) tree dynamics, explicit steps until the model proves stiff</source>
        <translation>DAE 形式(自动):DMBS 相对(铰)坐标 — 它涵盖模型的所有元素;O(N) 树系统动力学,模型显示刚性之前用显式步</translation>
    </message>
    <message>
        <source>formulation (automatic): DMBS, joint coordinates — it covers every element of the model; Newton on the joint coordinates</source>
        <translation>DAE 形式(自动):DMBS 相对(铰)坐标 — 它涵盖模型的所有元素;在铰坐标上做 Newton 迭代</translation>
    </message>
    <message>
        <source>formulation (automatic): I3, absolute coordinates — the HHT integrator was asked for, an index-3 method of the absolute coordinates</source>
        <translation>DAE 形式(自动):I3 绝对坐标 — 选择了 HHT 积分器,它是绝对坐标的指标 3 方法</translation>
    </message>
    <message>
        <source>formulation (automatic): SI2, absolute coordinates — the joint-coordinate (DMBS) integrators do not evaluate sensors: </source>
        <translation>DAE 形式(自动):SI2 绝对坐标 — 相对坐标(DMBS)积分器不计算传感器:</translation>
    </message>
    <message>
        <source>formulation (automatic): SI2, absolute coordinates — the joint-coordinate (DMBS) formulation does not cover </source>
        <translation>DAE 形式(自动):SI2 绝对坐标 — 相对坐标(DMBS)方法不涵盖 </translation>
    </message>
    <message>
        <source>bad input: </source>
        <translation>输入错误:</translation>
    </message>
    <message>
        <source>no convergence: </source>
        <translation>不收敛:</translation>
    </message>
    <message>
        <source>singular Jacobian: </source>
        <translation>雅可比矩阵奇异:</translation>
    </message>
    <message>
        <source>redundant constraints: </source>
        <translation>冗余约束:</translation>
    </message>
    <message>
        <source>step size too small: </source>
        <translation>步长过小:</translation>
    </message>
    <message>
        <source>cancelled: </source>
        <translation>已取消:</translation>
    </message>
    <message>
        <source>Newton iteration did not converge</source>
        <translation>牛顿迭代不收敛</translation>
    </message>
    <message>
        <source>constraint Jacobian is rank deficient (redundant constraints)</source>
        <translation>约束雅可比矩阵秩亏(存在冗余约束)</translation>
    </message>
    <message>
        <source>constraint Jacobian lost rank</source>
        <translation>约束雅可比矩阵降秩</translation>
    </message>
    <message>
        <source>corrector Newton iteration did not converge</source>
        <translation>校正步牛顿迭代不收敛</translation>
    </message>
    <message>
        <source>dependent block of the constraint Jacobian is singular</source>
        <translation>约束雅可比矩阵的非独立坐标块奇异</translation>
    </message>
    <message>
        <source>dependent coordinates could not be recovered</source>
        <translation>无法求出非独立坐标</translation>
    </message>
    <message>
        <source>singular Newton matrix</source>
        <translation>牛顿迭代矩阵奇异</translation>
    </message>
    <message>
        <source>step size fell below hmin</source>
        <translation>步长小于最小步长 hmin</translation>
    </message>
    <message>
        <source> at t = %1 s (step %2 s)</source>
        <translation>,t = %1 s(步长 %2 s)</translation>
    </message>
    <message>
        <source>, largest constraint residual %1 in row %2</source>
        <translation>,最大约束残差 %1(第 %2 行)</translation>
    </message>
    <message>
        <source>RKF45 (coordinate partitioning)</source>
        <translation>RKF45(坐标分块法)</translation>
    </message>
    <message>
        <source>ABAM (coordinate partitioning)</source>
        <translation>ABAM(坐标分块法)</translation>
    </message>
    <message>
        <source>analysis cancelled by the user</source>
        <translation>用户取消了分析</translation>
    </message>
    <message>
        <source>kinematics: cancelled</source>
        <translation>运动学分析:已取消</translation>
    </message>
    <message>
        <source>the equations of motion [M Φ_qᵀ; Φ_q 0] are singular at t = %1 s (redundant constraints or a coordinate without mass)</source>
        <translation>动力学方程 [M Φ_qᵀ; Φ_q 0] 在 t = %1 s 时奇异(存在冗余约束或无质量的坐标)</translation>
    </message>
    <message>
        <source>joint friction: accelerations, reactions and friction forces did not converge at t = %1 s</source>
        <translation>铰内摩擦:加速度、约束反力与摩擦力在 t = %1 s 时不收敛</translation>
    </message>
    <message>
        <source>initial conditions: positions did not converge; largest residuals: </source>
        <translation>初始化:位置不收敛;最大残差:</translation>
    </message>
    <message>
        <source>initial conditions: singular assembly matrix; worst constraints: </source>
        <translation>初始化:装配矩阵奇异;最不满足的约束:</translation>
    </message>
    <message>
        <source>initial conditions: singular velocity system</source>
        <translation>初始化:速度方程奇异</translation>
    </message>
    <message>
        <source>initial conditions: a constraint cannot be evaluated (not a finite number): </source>
        <translation>初始化:约束无法计算(非有限数值):</translation>
    </message>
    <message>
        <source>kinematics: positions did not converge; largest residuals: </source>
        <translation>运动学分析:位置不收敛;最大残差:</translation>
    </message>
    <message>
        <source>kinematics: singular Φ_q (a lock-up or change of assembly branch)</source>
        <translation>运动学分析:Φ_q 奇异(机构卡死或装配构型切换)</translation>
    </message>
    <message>
        <source>kinematics: singular Φ_qᵀ</source>
        <translation>运动学分析:Φ_qᵀ 奇异</translation>
    </message>
    <message>
        <source>kinematics: joint friction and reactions did not converge at t = %1 s</source>
        <translation>运动学分析:铰内摩擦与约束反力在 t = %1 s 时不收敛</translation>
    </message>
    <message>
        <source>kinematics: the model has %1 degrees of freedom; kinematic analysis needs motions on all of them</source>
        <translation>运动学分析:模型有 %1 个自由度;运动学分析要求每个自由度都有驱动</translation>
    </message>
    <message>
        <source>statics: no equilibrium found (largest force residual </source>
        <translation>静平衡分析:未找到平衡位置(最大力残差 </translation>
    </message>
    <message>
        <source>statics: no equilibrium found (differential equation (DIFF) &apos;%1&apos; has no equilibrium: its derivative stays at %2</source>
        <translation>静平衡分析:未找到平衡位置(微分方程 (DIFF) &apos;%1&apos; 没有平衡点:其导数保持为 %2</translation>
    </message>
    <message>
        <source>no derivative solves the implicit equation 0 = FUNCTION (it must depend on DIF1 of itself)</source>
        <translation>没有导数值能满足隐式方程 0 = FUNCTION(函数必须依赖其自身的 DIF1)</translation>
    </message>
    <message>
        <source>no static equilibrium at t = %1 s (the %2 equilibria up to t = %3 s are kept)</source>
        <translation>t = %1 s 时无静平衡位置(保留 t = %3 s 之前的 %2 个平衡位置)</translation>
    </message>
    <message>
        <source>no static equilibrium at t = %1 s</source>
        <translation>t = %1 s 时无静平衡位置</translation>
    </message>
    <message>
        <source>quasi-static analysis: initial conditions at t = %1 s: </source>
        <translation>准静态分析:t = %1 s 的初始条件:</translation>
    </message>
    <message>
        <source>quasi-static analysis: cancelled</source>
        <translation>准静态分析:已取消</translation>
    </message>
    <message>
        <source>statics: singular tangent matrix (a free motion with no stiffness, e.g. a body without spring or constraint along some direction)</source>
        <translation>静平衡分析:切线刚度矩阵奇异(存在无刚度的自由运动,例如物体在某方向上既无弹簧也无约束)</translation>
    </message>
    <message>
        <source>linearization: eigenvalue iteration failed</source>
        <translation>线性化:特征值迭代失败</translation>
    </message>
    <message>
        <source>linearization: reduced mass matrix is not positive definite</source>
        <translation>线性化:缩减质量矩阵不正定</translation>
    </message>
    <message>
        <source>accelerations: an applied force is not a finite number (a force function that cannot be evaluated here, e.g. a division by zero)</source>
        <translation>加速度:外力不是有限数值(力函数在此处无法计算,例如除以零)</translation>
    </message>
    <message>
        <source>accelerations: the matrix [M Φ_qᵀ; Φ_q 0] is singular (redundant or conflicting constraints, or a body without mass along a free direction)</source>
        <translation>加速度:矩阵 [M Φ_qᵀ; Φ_q 0] 奇异(冗余或矛盾的约束,或物体在自由方向上没有质量)</translation>
    </message>
    <message>
        <source>dynamic analysis: end time must exceed start time and the output step be positive</source>
        <translation>动力学求解:终止时间必须大于起始时间,且输出步长必须为正</translation>
    </message>
    <message>
        <source>joint &apos;%1&apos; (%2)</source>
        <translation>铰 &apos;%1&apos;(%2)</translation>
    </message>
    <message>
        <source>flexible body &apos;%1&apos;</source>
        <translation>柔体 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>body &apos;%1&apos;</source>
        <translation>物体 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>marker &apos;%1&apos;</source>
        <translation>标记点 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>motion &apos;%1&apos;</source>
        <translation>驱动 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>force &apos;%1&apos;</source>
        <translation>力元 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>: equation(s) %1 redundant and removed (its reaction is carried by the other constraints)</source>
        <translation>:第 %1 个约束方程冗余,已去除(其约束反力由其他约束承担)</translation>
    </message>
    <message>
        <source>marker &apos;%1&apos; is on no part</source>
        <translation>标记点 &apos;%1&apos; 不在任何物体上</translation>
    </message>
    <message>
        <source>coupler &apos;%1&apos; misses a coupled joint</source>
        <translation>耦合器 &apos;%1&apos; 缺少被耦合的铰</translation>
    </message>
    <message>
        <source>joint &apos;%1&apos; is on a missing marker</source>
        <translation>铰 &apos;%1&apos; 所在的标记点不存在</translation>
    </message>
    <message>
        <source>joint &apos;%1&apos; connects a part to itself</source>
        <translation>铰 &apos;%1&apos; 连接的是同一个物体</translation>
    </message>
    <message>
        <source>part &apos;%1&apos; is not connected to ground</source>
        <translation>物体 &apos;%1&apos; 未与大地相连</translation>
    </message>
    <message>
        <source>, equation %1 of %2</source>
        <translation>,第 %1 个约束方程(共 %2 个)</translation>
    </message>
    <message>
        <source>: mass must be positive, not %1</source>
        <translation>:质量必须为正值,而不是 %1</translation>
    </message>
    <message>
        <source>: inertia tensor is not positive definite</source>
        <translation>:惯性张量不是正定的</translation>
    </message>
    <message>
        <source>: principal moments violate the triangle inequality</source>
        <translation>:主惯性矩不满足三角不等式</translation>
    </message>
    <message>
        <source>: non-finite position, orientation or velocity</source>
        <translation>:位置、姿态或速度不是有限数值</translation>
    </message>
    <message>
        <source>: CM marker is not a marker of this part</source>
        <translation>:质心标记点不是本物体上的标记点</translation>
    </message>
    <message>
        <source>: orientation is undefined (coincident or parallel axis points)</source>
        <translation>:方向无法确定(定轴点重合或共线)</translation>
    </message>
    <message>
        <source>: I marker is missing</source>
        <translation>:I 标记点不存在</translation>
    </message>
    <message>
        <source>: J marker is missing</source>
        <translation>:J 标记点不存在</translation>
    </message>
    <message>
        <source>: reference marker is missing</source>
        <translation>:参考标记点不存在</translation>
    </message>
    <message>
        <source>: I and J markers are on the same part</source>
        <translation>:I 与 J 标记点在同一物体上</translation>
    </message>
    <message>
        <source>: screw pitch must be non-zero</source>
        <translation>:螺旋铰的螺距不能为零</translation>
    </message>
    <message>
        <source> must couple two different joints</source>
        <translation> 必须耦合两个不同的铰</translation>
    </message>
    <message>
        <source>: coupled joint is missing</source>
        <translation>:被耦合的铰不存在</translation>
    </message>
    <message>
        <source>: ratio must be finite and non-zero</source>
        <translation>:传动比必须为有限的非零值</translation>
    </message>
    <message>
        <source>: joint is missing</source>
        <translation>:铰不存在</translation>
    </message>
    <message>
        <source>: non-finite parameter</source>
        <translation>:参数不是有限数值</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name (letters, digits, &apos;_&apos;; not a function name)</source>
        <translation>&apos;%1&apos; 不是有效的名称(只能用字母、数字和 &apos;_&apos;,且不能是函数名)</translation>
    </message>
    <message>
        <source>duplicate name &apos;%1&apos;</source>
        <translation>名称 &apos;%1&apos; 重复</translation>
    </message>
    <message>
        <source>only the part with id 1 is the ground</source>
        <translation>只有编号为 1 的物体是大地</translation>
    </message>
    <message>
        <source>: expression error at position %1: </source>
        <translation>:表达式第 %1 个字符处有错误:</translation>
    </message>
    <message>
        <source>joint &apos;%1&apos;</source>
        <translation>铰 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>coupler &apos;%1&apos;</source>
        <translation>耦合器 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;</source>
        <translation>物体 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>DMBS spanning tree, cut joints: </source>
        <translation>DMBS 生成树,切断铰:</translation>
    </message>
    <message>
        <source>DMBS spanning tree, no cut joints (the model is a tree)</source>
        <translation>DMBS 生成树,没有切断铰(模型为树系统)</translation>
    </message>
    <message>
        <source>DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince) (%1) on the joint coordinates</source>
        <translation>DMBS 积分器:铰坐标上的 Runge–Kutta 5(4) 法(Dormand–Prince,%1)</translation>
    </message>
    <message>
        <source>DMBS formulation: %1 applies to the absolute formulations; the joint coordinates are integrated with Runge–Kutta 5(4)</source>
        <translation>DMBS 形式:%1 只用于绝对坐标形式;铰坐标用 Runge–Kutta 5(4) 法积分</translation>
    </message>
    <message>
        <source> (constraint element, marked by the user)</source>
        <translation>(约束元,用户指定)</translation>
    </message>
    <message>
        <source> (closes a loop, chosen automatically)</source>
        <translation>(闭环,自动选择)</translation>
    </message>
    <message>
        <source> (joint primitive, always cut)</source>
        <translation>(约束元,总是切断)</translation>
    </message>
    <message>
        <source> cannot be a constraint element (cut joint): without it </source>
        <translation> 不能作为约束元(切断铰):去掉它后</translation>
    </message>
    <message>
        <source>joints %1 cannot all be constraint elements (cut joints): without them </source>
        <translation>铰 %1 不能全部作为约束元(切断铰):去掉它们后</translation>
    </message>
    <message>
        <source> has no path of tree joints to ground, so DMBS has no spanning tree; unmark it</source>
        <translation>没有经由树铰通往大地的路径,DMBS 无法建立生成树;请取消该铰的约束元指定</translation>
    </message>
    <message>
        <source> has no path of tree joints to ground, so DMBS has no spanning tree; unmark one of them</source>
        <translation>没有经由树铰通往大地的路径,DMBS 无法建立生成树;请取消其中一个的约束元指定</translation>
    </message>
    <message>
        <source>: a %1 joint cannot be a constraint element (cut joint): DMBS has no cut-joint equations for it</source>
        <translation>:%1不能作为约束元(切断铰):DMBS 没有它的切断铰约束方程</translation>
    </message>
    <message>
        <source> cannot be a constraint element (cut joint): it couples two joints and is never in the DMBS tree</source>
        <translation> 不能作为约束元(切断铰):它耦合两个铰,从不在 DMBS 生成树中</translation>
    </message>
    <message>
        <source>unknown function &apos;%1&apos;</source>
        <translation>未知函数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown name &apos;%1&apos;</source>
        <translation>未知名称 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown variable &apos;%1&apos;</source>
        <translation>未知变量 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unknown marker &apos;%1&apos;</source>
        <translation>未知的标记点 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>function &apos;%1&apos; needs arguments in parentheses</source>
        <translation>函数 &apos;%1&apos; 需要在括号中给出参数</translation>
    </message>
    <message>
        <source>unbalanced parenthesis after &apos;%1&apos;</source>
        <translation>&apos;%1&apos; 之后的括号不配对</translation>
    </message>
    <message>
        <source>function &apos;%1&apos; takes %2 arguments, not %3</source>
        <translation>函数 &apos;%1&apos; 需要 %2 个参数,而不是 %3 个</translation>
    </message>
    <message>
        <source>function &apos;%1&apos; takes %2 or more arguments, not %3</source>
        <translation>函数 &apos;%1&apos; 至少需要 %2 个参数,而不是 %3 个</translation>
    </message>
    <message>
        <source>function &apos;%1&apos; takes %2 to %3 arguments, not %4</source>
        <translation>函数 &apos;%1&apos; 需要 %2 到 %3 个参数,而不是 %4 个</translation>
    </message>
    <message>
        <source>measure function &apos;%1&apos; is not allowed here (function of TIME only)</source>
        <translation>此处不允许使用测量函数 &apos;%1&apos;(只能是 TIME 的函数)</translation>
    </message>
    <message>
        <source>argument of &apos;%1&apos; must be a variable name</source>
        <translation>&apos;%1&apos; 的参数必须是变量名</translation>
    </message>
    <message>
        <source>argument of &apos;%1&apos; must be a marker name or 0</source>
        <translation>&apos;%1&apos; 的参数必须是标记点名或 0</translation>
    </message>
    <message>
        <source>&apos;%1&apos; may only be an argument of a measure function or VARVAL</source>
        <translation>&apos;%1&apos; 只能用作测量函数或 VARVAL 的参数</translation>
    </message>
    <message>
        <source>empty expression</source>
        <translation>表达式为空</translation>
    </message>
    <message>
        <source>number %1 is out of range (larger than 1.8e308)</source>
        <translation>数值 %1 超出范围(大于 1.8e308)</translation>
    </message>
    <message>
        <source>Unexpected token &quot;%1&quot;</source>
        <translation>意外的记号 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Unexpected operator &quot;%1&quot;</source>
        <translation>意外的运算符 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Unexpected parenthesis &quot;%1&quot;</source>
        <translation>意外的括号 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Unexpected function &quot;%1&quot;</source>
        <translation>意外的函数 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Unexpected value &quot;%1&quot;</source>
        <translation>意外的数值 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Unexpected variable &quot;%1&quot;</source>
        <translation>意外的变量 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Unexpected end of expression</source>
        <translation>表达式意外结束</translation>
    </message>
    <message>
        <source>Unexpected argument separator</source>
        <translation>意外的参数分隔符</translation>
    </message>
    <message>
        <source>Function arguments used without a function</source>
        <translation>参数前缺少函数名</translation>
    </message>
    <message>
        <source>Too many parameters for function &quot;%1&quot;</source>
        <translation>函数 &quot;%1&quot; 的参数过多</translation>
    </message>
    <message>
        <source>Too few parameters for function &quot;%1&quot;</source>
        <translation>函数 &quot;%1&quot; 的参数过少</translation>
    </message>
    <message>
        <source>Missing parenthesis</source>
        <translation>缺少括号</translation>
    </message>
    <message>
        <source> in &quot;%1&quot;</source>
        <translation>,表达式 &quot;%1&quot;</translation>
    </message>
    <message>
        <source> (at position %1)</source>
        <translation>(第 %1 个字符处)</translation>
    </message>
    <message>
        <source>DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince), BDF (fixed leading coefficient) once stiff (GSTIFF) on the joint coordinates</source>
        <translation>DMBS 积分器:铰坐标上的 Runge–Kutta 5(4) 法(Dormand–Prince),模型呈刚性后改用 BDF(固定首项系数,GSTIFF)</translation>
    </message>
    <message>
        <source>DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince), BDF (variable coefficient) once stiff (WSTIFF) on the joint coordinates</source>
        <translation>DMBS 积分器:铰坐标上的 Runge–Kutta 5(4) 法(Dormand–Prince),模型呈刚性后改用 BDF(变系数,WSTIFF)</translation>
    </message>
    <message>
        <source>DMBS: the model is stiff (h·λ = %1 on the explicit method&apos;s steps); BDF from t = %2 s</source>
        <translation>DMBS:模型呈刚性(显式方法各步的 h·λ = %1);自 t = %2 s 起改用 BDF</translation>
    </message>
    <message>
        <source>Energy balance %1 → %2 s [J]: mechanical energy %3 → %4 (kinetic %5 → %6, gravity %7 → %8, strain %9 → %10)</source>
        <translation>能量平衡 %1 → %2 s [J]:机械能 %3 → %4(动能 %5 → %6,重力势能 %7 → %8,应变能 %9 → %10)</translation>
    </message>
    <message>
        <source>Energy balance %1 → %2 s [J]: mechanical energy %3 → %4 (kinetic %5 → %6, gravity %7 → %8)</source>
        <translation>能量平衡 %1 → %2 s [J]:机械能 %3 → %4(动能 %5 → %6,重力势能 %7 → %8)</translation>
    </message>
    <message>
        <source>Energy balance: work of motions %1 (%2)</source>
        <translation>能量平衡:驱动做功 %1(%2)</translation>
    </message>
    <message>
        <source>Energy balance: work of motions %1</source>
        <translation>能量平衡:驱动做功 %1</translation>
    </message>
    <message>
        <source>Energy balance: work of forces %1: </source>
        <translation>能量平衡:力元做功 %1:</translation>
    </message>
    <message>
        <source>Energy balance: work of forces %1</source>
        <translation>能量平衡:力元做功 %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; contact %2</source>
        <translation>&apos;%1&apos; 接触 %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; friction %2</source>
        <translation>&apos;%1&apos; 摩擦 %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; material damping %2</source>
        <translation>&apos;%1&apos; 材料阻尼 %2</translation>
    </message>
    <message>
        <source>, %1 more %2</source>
        <translation>,其余 %1 项 %2</translation>
    </message>
    <message>
        <source>Energy balance error %1 J (%2 of the largest term)</source>
        <translation>能量平衡误差 %1 J(为最大项的 %2)</translation>
    </message>
    <message>
        <source>the model has no degrees of freedom: its constraints fix every part</source>
        <translation>模型没有自由度:约束固定了每个部件</translation>
    </message>
    <message>
        <source>the model is kinematically determinate: its 1 degree of freedom is driven by a motion</source>
        <translation>模型是运动学确定的:它的 1 个自由度由驱动给定</translation>
    </message>
    <message>
        <source>the model is kinematically determinate: its %1 degrees of freedom are driven by motions</source>
        <translation>模型是运动学确定的:它的 %1 个自由度都由驱动给定</translation>
    </message>
    <message>
        <source>the model has %1 degrees of freedom (%2 driven by motions, %3 free)</source>
        <translation>模型有 %1 个自由度(%2 个由驱动给定,%3 个自由)</translation>
    </message>
    <message>
        <source>the model has %1 degrees of freedom</source>
        <translation>模型有 %1 个自由度</translation>
    </message>
    <message>
        <source>; %1 redundant constraint equations: </source>
        <translation>;%1 个冗余约束方程:</translation>
    </message>
    <message>
        <source> (counted at the initial positions: the model does not assemble)</source>
        <translation>(按初始位置计数:模型无法装配)</translation>
    </message>
    <message>
        <source>part &apos;%1&apos; moved %2 m and %3 deg by the initial assembly</source>
        <translation>初始装配使部件“%1”移动了 %2 m、转动了 %3 度</translation>
    </message>
    <message>
        <source>its functions read solved loads that depend on its own (through JOINT(), FX() ... or another force&apos;s function), and %1 passes found no consistent value</source>
        <translation>其函数读取的求解载荷又依赖于它自身(通过 JOINT()、FX() …… 或另一个力的函数),%1 轮迭代未找到一致的值</translation>
    </message>
    <message>
        <source>linearization: force &apos;%1&apos; reads solved loads (JOINT(), FX() ...), which depend on the state through the reactions; the linearization does not include that dependence, so it is refused</source>
        <translation>线性化:力“%1”读取求解载荷(JOINT()、FX() ……),这些载荷通过约束反力依赖于状态;线性化不包含这一依赖关系,因此拒绝</translation>
    </message>
    <message>
        <source>joint &apos;%1&apos;: the point left the open curve at t = %2 s (curve parameter %3, the curve runs from -1 to 1): extend the curve or close it</source>
        <translation>铰 &apos;%1&apos;:该点在 t = %2 s 时离开了开曲线(曲线参数 %3,曲线参数范围为 -1 到 1):请延长曲线或将其闭合</translation>
    </message>
    <message>
        <source>joint &apos;%1&apos;: the contact point left the open %2 curve at t = %3 s (curve parameter %4, the curve runs from -1 to 1): extend the curve or close it</source>
        <translation>铰 &apos;%1&apos;:接触点在 t = %3 s 时离开了开放的 %2 曲线(曲线参数 %4,曲线参数范围为 -1 到 1):请延长曲线或将其闭合</translation>
    </message>
    <message>
        <source>kinematics: differential equation (DIFF) &apos;%1&apos; has no finite derivative at t = %2 s</source>
        <translation>运动学分析:微分方程 (DIFF) &apos;%1&apos; 在 t = %2 s 时没有有限的导数</translation>
    </message>
    <message>
        <source>kinematics: the differential equations (DIFF) need a step below %1 s at t = %2 s</source>
        <translation>运动学分析:微分方程 (DIFF) 在 t = %2 s 时需要小于 %1 s 的步长</translation>
    </message>
    <message>
        <source>formulation (automatic): DMBS, joint coordinates — it covers every element of the model; O(N) tree dynamics, the BDF from the start for the stiction bristles</source>
        <translation>DAE 形式(自动):DMBS 相对(铰)坐标 — 它涵盖模型的所有元素;O(N) 树系统动力学,因有静摩擦刚毛(静摩擦变形)从一开始就用 BDF</translation>
    </message>
    <message>
        <source>DMBS integrator: BDF (fixed leading coefficient) (GSTIFF) on the joint coordinates</source>
        <translation>DMBS 积分器:铰坐标上的 BDF(固定首项系数,GSTIFF)</translation>
    </message>
    <message>
        <source>DMBS integrator: BDF (variable coefficient) (WSTIFF) on the joint coordinates</source>
        <translation>DMBS 积分器:铰坐标上的 BDF(变系数,WSTIFF)</translation>
    </message>
</context>
<context>
    <name>Terms</name>
    <message>
        <source>lankarani_nikravesh</source>
        <translation>Lankarani–Nikravesh</translation>
    </message>
    <message>
        <source>polynomial_damping</source>
        <translation>多项式阻尼</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定铰</translation>
    </message>
    <message>
        <source>revolute</source>
        <translation>旋转铰</translation>
    </message>
    <message>
        <source>translational</source>
        <translation>移动铰</translation>
    </message>
    <message>
        <source>cylindrical</source>
        <translation>圆柱铰</translation>
    </message>
    <message>
        <source>spherical</source>
        <translation>球铰</translation>
    </message>
    <message>
        <source>universal</source>
        <translation>万向铰</translation>
    </message>
    <message>
        <source>constant_velocity</source>
        <translation>等速万向铰</translation>
    </message>
    <message>
        <source>planar</source>
        <translation>平面铰</translation>
    </message>
    <message>
        <source>screw</source>
        <translation>螺旋铰</translation>
    </message>
    <message>
        <source>rack_pinion</source>
        <translation>齿轮齿条副</translation>
    </message>
    <message>
        <source>gear</source>
        <translation>齿轮副</translation>
    </message>
    <message>
        <source>coupler</source>
        <translation>耦合器</translation>
    </message>
    <message>
        <source>inline</source>
        <translation>点线约束元</translation>
    </message>
    <message>
        <source>inplane</source>
        <translation>点面约束元</translation>
    </message>
    <message>
        <source>orientation</source>
        <translation>方位约束元</translation>
    </message>
    <message>
        <source>parallel_axes</source>
        <translation>平行轴约束元</translation>
    </message>
    <message>
        <source>perpendicular</source>
        <translation>垂直约束元</translation>
    </message>
    <message>
        <source>atpoint</source>
        <translation>点重合约束元</translation>
    </message>
    <message>
        <source>displacement</source>
        <translation>位移</translation>
    </message>
    <message>
        <source>velocity</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>acceleration</source>
        <translation>加速度</translation>
    </message>
    <message>
        <source>single_force</source>
        <translation>单分量外力</translation>
    </message>
    <message>
        <source>single_torque</source>
        <translation>单分量外力矩</translation>
    </message>
    <message>
        <source>general</source>
        <translation>广义力</translation>
    </message>
    <message>
        <source>vector_force</source>
        <translation>矢量力</translation>
    </message>
    <message>
        <source>vector_torque</source>
        <translation>矢量力矩</translation>
    </message>
    <message>
        <source>translational_spring_damper</source>
        <translation>平动弹簧阻尼器</translation>
    </message>
    <message>
        <source>rotational_spring_damper</source>
        <translation>扭转弹簧阻尼器</translation>
    </message>
    <message>
        <source>bushing</source>
        <translation>轴套力元</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x 方向移动</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y 方向移动</translation>
    </message>
    <message>
        <source>z</source>
        <translation>z 方向移动</translation>
    </message>
    <message>
        <source>rotation_x</source>
        <translation>绕 x 轴转动</translation>
    </message>
    <message>
        <source>rotation_y</source>
        <translation>绕 y 轴转动</translation>
    </message>
    <message>
        <source>rotation_z</source>
        <translation>绕 z 轴转动</translation>
    </message>
    <message>
        <source>initial_conditions</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>kinematic</source>
        <translation>运动学分析</translation>
    </message>
    <message>
        <source>static</source>
        <translation>静平衡分析</translation>
    </message>
    <message>
        <source>quasi_static</source>
        <translation>准静态分析</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>动力学求解</translation>
    </message>
    <message>
        <source>gstiff</source>
        <translation>GSTIFF (BDF)</translation>
    </message>
    <message>
        <source>wstiff</source>
        <translation>WSTIFF (BDF)</translation>
    </message>
    <message>
        <source>hht</source>
        <translation>HHT-α</translation>
    </message>
    <message>
        <source>rkf45</source>
        <translation>RKF45</translation>
    </message>
    <message>
        <source>constant_bdf</source>
        <translation>CONSTANT_BDF</translation>
    </message>
    <message>
        <source>dstiff</source>
        <translation>DSTIFF</translation>
    </message>
    <message>
        <source>abam</source>
        <translation>ABAM</translation>
    </message>
    <message>
        <source>i3</source>
        <translation>I3</translation>
    </message>
    <message>
        <source>si2</source>
        <translation>SI2</translation>
    </message>
    <message>
        <source>impact</source>
        <translation>Adams IMPACT</translation>
    </message>
    <message>
        <source>contact</source>
        <translation>接触</translation>
    </message>
    <message>
        <source>point_curve</source>
        <translation>点线高副</translation>
    </message>
    <message>
        <source>curve_curve</source>
        <translation>线线高副</translation>
    </message>
    <message>
        <source>beam</source>
        <translation>梁</translation>
    </message>
    <message>
        <source>field</source>
        <translation>场</translation>
    </message>
    <message>
        <source>multi_point</source>
        <translation>多点力</translation>
    </message>
</context>
<context>
    <name>ViewText</name>
    <message>
        <source>von Mises
[MPa]</source>
        <translation>等效应力
[MPa]</translation>
    </message>
    <message>
        <source>|u| [m]</source>
        <translation>位移 |u| [m]</translation>
    </message>
    <message>
        <source>%1: journal orbit ×%2</source>
        <translation>%1:轴颈轨迹 ×%2</translation>
    </message>
</context>
<context>
    <name>mbs::ui</name>
    <message>
        <source>box %1 (%2 × %3 × %4 m)</source>
        <translation>长方体 %1（%2 × %3 × %4 m）</translation>
    </message>
    <message>
        <source>cylinder %1 (r %2 m, length %3 m)</source>
        <translation>圆柱 %1（r %2 m，长 %3 m）</translation>
    </message>
    <message>
        <source>sphere %1 (r %2 m)</source>
        <translation>球 %1（r %2 m）</translation>
    </message>
    <message>
        <source>link %1 (r %2 m)</source>
        <translation>连杆 %1（r %2 m）</translation>
    </message>
    <message>
        <source>mesh %1 (%2)</source>
        <translation>网格 %1（%2）</translation>
    </message>
    <message>
        <source>a link is a bar drawn between two points, not a closed solid; give the part a box, cylinder or sphere to touch with</source>
        <translation>连杆是两点之间画出的杆，不是封闭实体；请给零件添加长方体、圆柱或球用于接触</translation>
    </message>
    <message>
        <source>only STL and OBJ surfaces can touch; &apos;%1&apos; is not one</source>
        <translation>只有 STL 和 OBJ 曲面可参与接触；&apos;%1&apos; 不是</translation>
    </message>
</context>
<context>
    <name>mbs::ui::AnalysisWorker</name>
    <message>
        <source>out of memory: the model or the run needs more memory than this computer has</source>
        <translation>内存不足:模型或本次计算所需的内存超出了这台计算机的容量</translation>
    </message>
    <message>
        <source>Linear analysis about the static equilibrium: %1 degrees of freedom</source>
        <translation>静平衡位置处的线性化分析:%1 个自由度</translation>
    </message>
    <message>
        <source>  mode %1: f = %2 Hz, damping ratio %3, s = %4 %5 %6i</source>
        <translation>  第 %1 阶模态:f = %2 Hz,阻尼比 %3,s = %4 %5 %6i</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>提示:%1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告:%1</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
</context>
<context>
    <name>mbs::ui::AnimationPanel</name>
    <message>
        <source>… %1 more markers are not listed</source>
        <translation>…… 另有 %1 个标记未列出</translation>
    </message>
    <message>
        <source>First frame</source>
        <translation>第一帧</translation>
    </message>
    <message>
        <source>Step back</source>
        <translation>后退一帧</translation>
    </message>
    <message>
        <source>Play / pause</source>
        <translation>播放 / 暂停</translation>
    </message>
    <message>
        <source>Step forward</source>
        <translation>前进一帧</translation>
    </message>
    <message>
        <source>Last frame</source>
        <translation>最后一帧</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>Simulated seconds per real second</source>
        <translation>每秒实际时间播放的仿真时间 (s)</translation>
    </message>
    <message>
        <source>no results</source>
        <translation>无结果</translation>
    </message>
    <message>
        <source>Frame of reference</source>
        <translation>参考系</translation>
    </message>
    <message>
        <source>Show the motion relative to this part (it then stays still)</source>
        <translation>显示相对于该物体的运动(该物体保持静止)</translation>
    </message>
    <message>
        <source>Marker traces</source>
        <translation>标记点轨迹</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Mode shape</source>
        <translation>模态振型</translation>
    </message>
    <message>
        <source>Deformation scale</source>
        <translation>变形放大系数</translation>
    </message>
    <message>
        <source>Flexible parts: drawn deformation / true deformation; colours show the true displacement magnitude</source>
        <translation>柔体:显示变形 / 真实变形;颜色表示真实位移大小</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>The largest displacement of the run is drawn as 5 % of the model size</source>
        <translation>将本次求解的最大位移显示为模型尺寸的 5 %</translation>
    </message>
    <message>
        <source>Contour</source>
        <translation>云图</translation>
    </message>
    <message>
        <source>displacement |u| [m]</source>
        <translation>位移 |u| [m]</translation>
    </message>
    <message>
        <source>von Mises stress [MPa]</source>
        <translation>von Mises 等效应力 [MPa]</translation>
    </message>
    <message>
        <source>Colours of the flexible parts: displacement magnitude relative to the floating frame, or von Mises stress recovered from the modal stress shapes (σ = Σ ηₖ Sₖ)</source>
        <translation>柔体的颜色:相对浮动坐标系的位移大小,或由模态应力振型恢复的 von Mises 等效应力 (σ = Σ ηₖ Sₖ)</translation>
    </message>
    <message>
        <source>Export PNG frames...</source>
        <translation>导出 PNG 帧序列...</translation>
    </message>
    <message>
        <source>Export video...</source>
        <translation>导出视频...</translation>
    </message>
    <message>
        <source>Export frames to</source>
        <translation>导出帧序列到</translation>
    </message>
    <message>
        <source>Export video</source>
        <translation>导出视频</translation>
    </message>
    <message>
        <source>Ogg/Theora video (*.ogv)</source>
        <translation>Ogg/Theora 视频 (*.ogv)</translation>
    </message>
    <message>
        <source>time history</source>
        <translation>时间历程</translation>
    </message>
    <message>
        <source>mode %1: %2 Hz</source>
        <translation>第 %1 阶模态:%2 Hz</translation>
    </message>
    <message>
        <source>mode %1, phase %2/%3</source>
        <translation>第 %1 阶模态,相位 %2/%3</translation>
    </message>
    <message>
        <source>Clearance orbits</source>
        <translation>间隙铰轨迹</translation>
    </message>
    <message>
        <source>journal centre path (magnified)</source>
        <translation>轴颈中心轨迹(放大)</translation>
    </message>
    <message>
        <source>The path of each clearance joint&apos;s journal centre relative to its bearing, drawn about the bearing and magnified so the clearance circle is twice the journal radius</source>
        <translation>每个间隙铰的轴颈中心相对轴承的轨迹,画在轴承处并放大,使间隙圆的半径为轴颈半径的两倍</translation>
    </message>
    <message>
        <source>%1  (%2/%3)</source>
        <translation>%1  (%2/%3)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::AxisHelper</name>
    <message>
        <source>The two points coincide: they give no axis.</source>
        <translation>两点重合：无法确定轴线。</translation>
    </message>
    <message>
        <source>The three points are on one line: they span no plane.</source>
        <translation>三点共线：不能确定平面。</translation>
    </message>
    <message>
        <source>Choose a moving part: ground has no inertia.</source>
        <translation>请选择运动物体：地面没有惯量。</translation>
    </message>
    <message>
        <source>Part &apos;%1&apos; has two equal principal moments (%2 kg·m²): that principal axis is not unique.</source>
        <translation>物体“%1”有两个相等的主惯量(%2 kg·m²)：该惯性主轴不唯一。</translation>
    </message>
    <message>
        <source>Choose a joint that has markers.</source>
        <translation>请选择带有标记点的铰。</translation>
    </message>
    <message>
        <source>The direction to be closest to is parallel to the joint&apos;s axis: choose another.</source>
        <translation>参考方向与该铰的轴线平行：请另选方向。</translation>
    </message>
    <message>
        <source>Typed vector</source>
        <translation>输入向量</translation>
    </message>
    <message>
        <source>Through two markers</source>
        <translation>过两个标记点</translation>
    </message>
    <message>
        <source>Through two points</source>
        <translation>过两点</translation>
    </message>
    <message>
        <source>Normal to plane of three markers</source>
        <translation>三个标记点所在平面的法线</translation>
    </message>
    <message>
        <source>Normal to plane of three points</source>
        <translation>三点所在平面的法线</translation>
    </message>
    <message>
        <source>Principal axis of a part</source>
        <translation>物体的惯性主轴</translation>
    </message>
    <message>
        <source>Parallel to a joint&apos;s axis</source>
        <translation>平行于另一铰的轴线</translation>
    </message>
    <message>
        <source>Perpendicular to a joint&apos;s axis</source>
        <translation>垂直于另一铰的轴线</translation>
    </message>
    <message>
        <source>Normal to a picked face</source>
        <translation>拾取面的法线</translation>
    </message>
    <message>
        <source>Pick points in 3-D view</source>
        <translation>在三维视图中拾取点</translation>
    </message>
    <message>
        <source>1st (smallest moment)</source>
        <translation>第一(最小主惯量)</translation>
    </message>
    <message>
        <source>2nd</source>
        <translation>第二</translation>
    </message>
    <message>
        <source>3rd (largest moment)</source>
        <translation>第三(最大主惯量)</translation>
    </message>
    <message>
        <source>Axis from</source>
        <translation>轴线来源</translation>
    </message>
    <message>
        <source>Marker A</source>
        <translation>标记点 A</translation>
    </message>
    <message>
        <source>Marker B</source>
        <translation>标记点 B</translation>
    </message>
    <message>
        <source>Marker C</source>
        <translation>标记点 C</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>物体</translation>
    </message>
    <message>
        <source>Principal axis</source>
        <translation>惯性主轴</translation>
    </message>
    <message>
        <source>Other joint</source>
        <translation>另一铰</translation>
    </message>
    <message>
        <source>Closest to direction</source>
        <translation>最接近的方向</translation>
    </message>
    <message>
        <source>Choose the markers the axis goes through.</source>
        <translation>请选择轴线经过的标记点。</translation>
    </message>
    <message>
        <source>The axis must not be zero.</source>
        <translation>轴线不能为零向量。</translation>
    </message>
    <message>
        <source>Click a face of a part in the 3-D view.</source>
        <translation>请在三维视图中点击物体的一个面。</translation>
    </message>
    <message>
        <source>Along a picked edge</source>
        <translation>沿拾取的棱边</translation>
    </message>
    <message>
        <source>Click near an edge of a part in the 3-D view.</source>
        <translation>请在三维视图中点击物体的一条棱边附近。</translation>
    </message>
    <message>
        <source>Point A (ground)</source>
        <translation>点 A(大地坐标系)</translation>
    </message>
    <message>
        <source>Point B (ground)</source>
        <translation>点 B(大地坐标系)</translation>
    </message>
    <message>
        <source>Point C (ground)</source>
        <translation>点 C(大地坐标系)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::BuildDialog</name>
    <message>
        <source>Done: %1</source>
        <translation>完成:%1</translation>
    </message>
    <message>
        <source>A field has a text that is not a number; correct it (the reason is under the field).</source>
        <translation>有字段的文本不是数值;请先更正(原因显示在该字段下方)。</translation>
    </message>
</context>
<context>
    <name>mbs::ui::ContactDialog</name>
    <message>
        <source>Edit contact</source>
        <translation>编辑接触</translation>
    </message>
    <message>
        <source>Create contact</source>
        <translation>创建接触</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>IMPACT (stiffness, exponent, damping)</source>
        <translation>IMPACT（刚度、指数、阻尼）</translation>
    </message>
    <message>
        <source>POISSON (penalty, restitution)</source>
        <translation>POISSON（罚因子、恢复系数）</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Coulomb</source>
        <translation>库仑</translation>
    </message>
    <message>
        <source>Coulomb without stiction (dynamics only)</source>
        <translation>库仑，无静摩擦（仅动力学）</translation>
    </message>
    <message>
        <source>inactive in static analyses</source>
        <translation>静力分析中不起作用</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>I solids</source>
        <translation>I 侧实体</translation>
    </message>
    <message>
        <source>J solids</source>
        <translation>J 侧实体</translation>
    </message>
    <message>
        <source>Normal force</source>
        <translation>法向力</translation>
    </message>
    <message>
        <source>Force exponent e [-]</source>
        <translation>力指数 e [-]</translation>
    </message>
    <message>
        <source>Restitution coefficient [-]</source>
        <translation>恢复系数 [-]</translation>
    </message>
    <message>
        <source>Friction</source>
        <translation>摩擦</translation>
    </message>
    <message>
        <source>μ static [-]</source>
        <translation>静摩擦系数 μ [-]</translation>
    </message>
    <message>
        <source>μ dynamic [-]</source>
        <translation>动摩擦系数 μ [-]</translation>
    </message>
    <message>
        <source>%1 (no solid)</source>
        <translation>%1（无实体）</translation>
    </message>
    <message numerus="yes">
        <source>%1: all solids (%n)</source>
        <translation>
            <numerusform>%1：全部实体（%n 个）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: the contact&apos;s own solids (%n)</source>
        <translation>
            <numerusform>%1：接触自带的实体（%n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>The contact being edited no longer exists.</source>
        <translation>正在编辑的接触已不存在。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid, unused name.</source>
        <translation>&apos;%1&apos; 不是有效且未被使用的名称。</translation>
    </message>
    <message>
        <source>Choose the solids of both sides.</source>
        <translation>请选择两侧的实体。</translation>
    </message>
    <message>
        <source>Both sides are on the ground: the ground does not move, so the contact could never act.</source>
        <translation>两侧都在地面上：地面不动，接触永远不会起作用。</translation>
    </message>
    <message>
        <source>Both sides are on the part &apos;%1&apos;: a part cannot touch itself. Choose solids of two parts.</source>
        <translation>两侧都在零件 &apos;%1&apos; 上：零件不能与自身接触。请选择两个零件的实体。</translation>
    </message>
    <message>
        <source>The part &apos;%1&apos; is flexible: contacts act between rigid parts only.</source>
        <translation>零件 &apos;%1&apos; 是柔性体：接触只作用于刚性零件之间。</translation>
    </message>
    <message>
        <source>The part &apos;%1&apos; has no solid: add one from its context menu (Add Solid...) first.</source>
        <translation>零件 &apos;%1&apos; 没有实体：请先从其右键菜单（添加实体...）添加。</translation>
    </message>
    <message>
        <source>The solid %1 of the part &apos;%2&apos; cannot touch: %3</source>
        <translation>零件 &apos;%2&apos; 的实体 %1 不能参与接触：%3</translation>
    </message>
    <message>
        <source>The contact cannot be made: %1</source>
        <translation>无法创建接触：%1</translation>
    </message>
    <message>
        <source>Stiffness K</source>
        <translation>刚度 K</translation>
    </message>
    <message>
        <source>Max damping c</source>
        <translation>最大阻尼 c</translation>
    </message>
    <message>
        <source>Penetration depth d</source>
        <translation>穿透深度 d</translation>
    </message>
    <message>
        <source>Penalty</source>
        <translation>罚因子</translation>
    </message>
    <message>
        <source>Stiction transition velocity</source>
        <translation>静摩擦过渡速度</translation>
    </message>
    <message>
        <source>Friction transition velocity</source>
        <translation>动摩擦过渡速度</translation>
    </message>
</context>
<context>
    <name>mbs::ui::DesignStudyDialog</name>
    <message>
        <source>Design Study</source>
        <translation>设计研究</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Value (SI)</source>
        <translation>数值 (SI)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Entity</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Expression</source>
        <translation>表达式</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Add Parameter</source>
        <translation>添加参数</translation>
    </message>
    <message>
        <source>Remove Parameter</source>
        <translation>删除参数</translation>
    </message>
    <message>
        <source>Add Binding</source>
        <translation>添加关联</translation>
    </message>
    <message>
        <source>Remove Binding</source>
        <translation>删除关联</translation>
    </message>
    <message>
        <source>Parameters are named numbers that expressions read by name (2*L).</source>
        <translation>参数是带名称的数值,表达式按名称引用(如 2*L)。</translation>
    </message>
    <message>
        <source>A binding computes a numeric field of an entity from the parameters, e.g. entity bob, field /mass, expression 2*m0 (fields as in the model file; an empty entity is the model itself, e.g. /gravity/1).</source>
        <translation>关联由参数计算实体的数值字段,例如实体 bob、字段 /mass、表达式 2*m0(字段写法同模型文件;实体为空表示模型本身,例如 /gravity/1)。</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>From / min</source>
        <translation>起始 / 最小</translation>
    </message>
    <message>
        <source>To / max</source>
        <translation>终止 / 最大</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>个数</translation>
    </message>
    <message>
        <source>Full factorial</source>
        <translation>全因子</translation>
    </message>
    <message>
        <source>Latin hypercube</source>
        <translation>拉丁超立方</translation>
    </message>
    <message>
        <source>Result column</source>
        <translation>结果列</translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>Add Variable</source>
        <translation>添加变量</translation>
    </message>
    <message>
        <source>Remove Variable</source>
        <translation>删除变量</translation>
    </message>
    <message>
        <source>Add Response</source>
        <translation>添加响应</translation>
    </message>
    <message>
        <source>Remove Response</source>
        <translation>删除响应</translation>
    </message>
    <message>
        <source>Run Study</source>
        <translation>运行研究</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Variables: the parameters to vary and their values.</source>
        <translation>变量:要改变的参数及其取值。</translation>
    </message>
    <message>
        <source>Design:</source>
        <translation>试验设计:</translation>
    </message>
    <message>
        <source>Samples (Latin hypercube):</source>
        <translation>样本数(拉丁超立方):</translation>
    </message>
    <message>
        <source>Seed (Latin hypercube):</source>
        <translation>随机种子(拉丁超立方):</translation>
    </message>
    <message>
        <source>End time:</source>
        <translation>终止时间:</translation>
    </message>
    <message>
        <source>Output steps:</source>
        <translation>输出步数:</translation>
    </message>
    <message>
        <source>Responses: one number per run from a result column.</source>
        <translation>响应:每次运行从一个结果列得到一个数值。</translation>
    </message>
    <message>
        <source>Study</source>
        <translation>研究</translation>
    </message>
    <message>
        <source>The model has no parameters: define them on the Parameters tab first.</source>
        <translation>模型没有参数:请先在“参数”页定义。</translation>
    </message>
    <message>
        <source>Response vs variable</source>
        <translation>响应-变量曲线</translation>
    </message>
    <message>
        <source>2-D map</source>
        <translation>二维分布图</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>导出 CSV...</translation>
    </message>
    <message>
        <source>Export PNG...</source>
        <translation>导出 PNG...</translation>
    </message>
    <message>
        <source>Variable:</source>
        <translation>变量:</translation>
    </message>
    <message>
        <source>Response:</source>
        <translation>响应:</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Export study summary</source>
        <translation>导出研究汇总</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export study plot</source>
        <translation>导出研究图</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>无法写入“%1”。</translation>
    </message>
    <message>
        <source>Parameter row %1: the value is not a number.</source>
        <translation>参数第 %1 行:数值无效。</translation>
    </message>
    <message>
        <source>Binding row %1: no entity named &apos;%2&apos;.</source>
        <translation>关联第 %1 行:没有名为“%2”的实体。</translation>
    </message>
    <message>
        <source>Parameters applied (Edit &gt; Undo reverts them).</source>
        <translation>参数已应用(编辑 &gt; 撤销可恢复)。</translation>
    </message>
    <message>
        <source>Variable row %1: from, to and count must be numbers.</source>
        <translation>变量第 %1 行:起始、终止和个数必须是数值。</translation>
    </message>
    <message>
        <source>Parameter &apos;%1&apos; is varied twice.</source>
        <translation>参数“%1”被重复改变。</translation>
    </message>
    <message>
        <source>Variable row %1: the count must be between 1 and 10000.</source>
        <translation>变量第 %1 行:个数必须在 1 到 10000 之间。</translation>
    </message>
    <message>
        <source>Variable row %1: max must be greater than min.</source>
        <translation>变量第 %1 行:最大值必须大于最小值。</translation>
    </message>
    <message>
        <source>Add at least one variable.</source>
        <translation>请至少添加一个变量。</translation>
    </message>
    <message>
        <source>Response &apos;%1&apos; is listed twice.</source>
        <translation>响应“%1”重复。</translation>
    </message>
    <message>
        <source>Add at least one response.</source>
        <translation>请至少添加一个响应。</translation>
    </message>
    <message>
        <source>Running %1 runs...</source>
        <translation>正在进行 %1 次运行...</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 runs.</source>
        <translation>已取消:完成 %1 / %2 次运行。</translation>
    </message>
    <message>
        <source>Finished: %1 runs, %2 failed.</source>
        <translation>完成:%1 次运行,%2 次失败。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待运行</translation>
    </message>
    <message>
        <source>Run a study first.</source>
        <translation>请先运行研究。</translation>
    </message>
    <message>
        <source>Open Study File...</source>
        <translation>打开研究文件...</translation>
    </message>
    <message>
        <source>Save Study File...</source>
        <translation>保存研究文件...</translation>
    </message>
    <message>
        <source>Save study file</source>
        <translation>保存研究文件</translation>
    </message>
    <message>
        <source>Open study file</source>
        <translation>打开研究文件</translation>
    </message>
    <message>
        <source>Study files (*.json)</source>
        <translation>研究文件 (*.json)</translation>
    </message>
    <message>
        <source>Saved &apos;%1&apos;: run it with mbsolve study.</source>
        <translation>已保存“%1”:可用 mbsolve study 运行。</translation>
    </message>
    <message>
        <source>Opened &apos;%1&apos;.</source>
        <translation>已打开“%1”。</translation>
    </message>
    <message>
        <source>Save the model first (File &gt; Save as a .mbs.json file): the study file names the model file.</source>
        <translation>请先保存模型(文件 &gt; 保存为 .mbs.json 文件):研究文件需要指明模型文件。</translation>
    </message>
    <message>
        <source>Variable &apos;%1&apos; binds fields of the model (&quot;bind&quot;): define that binding on the Parameters tab.</source>
        <translation>变量“%1”关联了模型字段(“bind”):请在“参数”页定义该关联。</translation>
    </message>
    <message>
        <source>Variable &apos;%1&apos;: its values are shown as an equally spaced range of as many values.</source>
        <translation>变量“%1”:其取值显示为个数相同的等间距范围。</translation>
    </message>
    <message>
        <source>Response &apos;%1&apos; (a value at a time) is left out: the form offers statistics over the run.</source>
        <translation>响应“%1”(某一时刻的值)未载入:此处只提供整个运行的统计量。</translation>
    </message>
    <message>
        <source>maximum</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>minimum</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>largest magnitude</source>
        <translation>绝对值最大</translation>
    </message>
    <message>
        <source>RMS</source>
        <translation>均方根</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>final value</source>
        <translation>终值</translation>
    </message>
    <message>
        <source>value at a time</source>
        <translation>某时刻的值</translation>
    </message>
</context>
<context>
    <name>mbs::ui::Document</name>
    <message>
        <source>not imported: these would be left out although they change the physics:
</source>
        <translation>未导入:以下内容会改变物理模型,但将被略去:
</translation>
    </message>
</context>
<context>
    <name>mbs::ui::EntityCombo</name>
    <message>
        <source>(none)</source>
        <translation>(无)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::EventTicks</name>
    <message>
        <source>Sensor firings: %1</source>
        <translation>传感器触发:%1</translation>
    </message>
</context>
<context>
    <name>mbs::ui::FlexibleDialog</name>
    <message>
        <source>Solid (tetrahedra)</source>
        <translation>实体(四面体)</translation>
    </message>
    <message>
        <source>Plane body (plane stress)</source>
        <translation>平面体(平面应力)</translation>
    </message>
    <message>
        <source>A plane body is the profile of an extruded part in a plane of the part frame, meshed in 2-D with plane-stress elements of the given thickness; it deforms in its plane only</source>
        <translation>平面体是拉伸形物体在物体坐标系某一平面内的截面轮廓,用给定厚度的平面应力单元进行二维网格剖分;它只在该平面内变形</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>柔体类型</translation>
    </message>
    <message>
        <source>XY (normal z)</source>
        <translation>XY (法向 z)</translation>
    </message>
    <message>
        <source>YZ (normal x)</source>
        <translation>YZ (法向 x)</translation>
    </message>
    <message>
        <source>ZX (normal y)</source>
        <translation>ZX (法向 y)</translation>
    </message>
    <message>
        <source>quadrilaterals</source>
        <translation>四边形单元</translation>
    </message>
    <message>
        <source>Plane of the part</source>
        <translation>物体平面</translation>
    </message>
    <message>
        <source>1 (Tri3/Quad4)</source>
        <translation>1 (三角形 Tri3/四边形 Quad4)</translation>
    </message>
    <message>
        <source>2 (Tri6/Quad8)</source>
        <translation>2 (三角形 Tri6/四边形 Quad8)</translation>
    </message>
    <message>
        <source>%1 nodes, %2 plane-stress elements (%3), thickness %4 m; min scaled Jacobian %5; %6 poor elements</source>
        <translation>%1 个节点,%2 个平面应力单元 (%3),厚度 %4 m;最小缩放雅可比 %5;%6 个劣质单元</translation>
    </message>
    <message>
        <source>Make Flexible</source>
        <translation>生成柔体</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>物体</translation>
    </message>
    <message>
        <source>1 (Tet4)</source>
        <translation>1 (四面体 Tet4)</translation>
    </message>
    <message>
        <source>2 (Tet10)</source>
        <translation>2 (四面体 Tet10)</translation>
    </message>
    <message>
        <source>order</source>
        <translation>单元阶次</translation>
    </message>
    <message>
        <source>E [GPa]</source>
        <translation>弹性模量 E [GPa]</translation>
    </message>
    <message>
        <source>ν</source>
        <translation>泊松比 ν</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>材料</translation>
    </message>
    <message>
        <source>Mesh</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>not meshed</source>
        <translation>未剖分网格</translation>
    </message>
    <message>
        <source>Mesh (Gmsh)</source>
        <translation>网格剖分 (Gmsh)</translation>
    </message>
    <message>
        <source>Markers that become interface nodes (rigid spiders): those used by joints, motions and forces are ticked</source>
        <translation>作为界面节点(刚性蛛网连接)的标记点:铰、驱动和力元用到的标记点已勾选</translation>
    </message>
    <message>
        <source>Interface markers</source>
        <translation>界面标记点</translation>
    </message>
    <message>
        <source>Surface nodes within this distance of a marker move rigidly with it</source>
        <translation>与标记点距离在此范围内的表面节点随之刚性运动</translation>
    </message>
    <message>
        <source>Compute modes</source>
        <translation>计算模态</translation>
    </message>
    <message>
        <source>busy: wait for the running mesh or reduction</source>
        <translation>忙:请等待正在进行的网格剖分或模态缩减</translation>
    </message>
    <message>
        <source>choose a moving part</source>
        <translation>请选择一个运动物体</translation>
    </message>
    <message>
        <source>tick at least one interface marker (the markers of its joints)</source>
        <translation>请至少勾选一个界面标记点(其铰上的标记点)</translation>
    </message>
    <message>
        <source>Meshing &apos;%1&apos; and computing Craig-Bampton modes...</source>
        <translation>正在对 &apos;%1&apos; 剖分网格并计算 Craig-Bampton 模态...</translation>
    </message>
    <message>
        <source>Meshing &apos;%1&apos;...</source>
        <translation>正在对 &apos;%1&apos; 剖分网格...</translation>
    </message>
    <message>
        <source>%1 nodes, %2 elements (Tet%3); gamma min %4, mean %5; min scaled Jacobian %6; %7 poor elements</source>
        <translation>%1 个节点,%2 个单元 (Tet%3);gamma 最小 %4,平均 %5;最小缩放雅可比 %6;%7 个劣质单元</translation>
    </message>
    <message>
        <source>Meshed in %1 s</source>
        <translation>网格剖分用时 %1 s</translation>
    </message>
    <message>
        <source>press Compute modes first</source>
        <translation>请先点击“计算模态”</translation>
    </message>
    <message>
        <source>the part was deleted</source>
        <translation>该物体已被删除</translation>
    </message>
    <message>
        <source>Normal modes of the body with its interface nodes clamped; with the 6 constraint modes per interface node they form the Craig-Bampton basis, which is then orthonormalized into the modes listed below</source>
        <translation>界面节点固定时物体的主模态;与每个界面节点的 6 个约束模态一起构成 Craig-Bampton 基,再正交化为下表所列的模态</translation>
    </message>
    <message>
        <source>Fixed-interface modes</source>
        <translation>固定界面模态数</translation>
    </message>
    <message>
        <source>Tick the modes the body keeps; select a row to animate its shape in the 3-D view</source>
        <translation>勾选物体保留的模态;选中一行可在三维视图中动画显示其振型</translation>
    </message>
    <message>
        <source>Modes</source>
        <translation>模态</translation>
    </message>
    <message>
        <source>Keep lowest</source>
        <translation>保留最低阶</translation>
    </message>
    <message>
        <source>Keep energy ≥ [%]</source>
        <translation>保留能量 ≥ [%]</translation>
    </message>
    <message>
        <source>Select modes</source>
        <translation>选择模态</translation>
    </message>
    <message>
        <source>Material damping ratio of every mode; edit one mode&apos;s own in the table</source>
        <translation>每阶模态的材料阻尼比;单阶模态的阻尼比可在表中修改</translation>
    </message>
    <message>
        <source>Damping, all modes [%]</source>
        <translation>阻尼,所有模态 [%]</translation>
    </message>
    <message>
        <source>from the chord</source>
        <translation>相对弦线</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>to</source>
        <translation>至</translation>
    </message>
    <message>
        <source>Node output</source>
        <translation>节点输出</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Node outputs</source>
        <translation>节点输出列表</translation>
    </message>
    <message>
        <source>%1 modes (%2 rigid-body modes at 0 Hz, not kept) in %3 s; %4 elastic modes kept; select a row to see its shape</source>
        <translation>用时 %3 s 求得 %1 阶模态(%2 阶 0 Hz 刚体模态,不保留);保留 %4 阶弹性模态;选中一行可查看振型</translation>
    </message>
    <message>
        <source>%1 elastic modes kept, %2 % of the interface-load strain energy</source>
        <translation>保留 %1 阶弹性模态,占界面载荷应变能的 %2 %</translation>
    </message>
    <message>
        <source>mesh the part first: outputs are FE nodes</source>
        <translation>请先划分网格:输出点是有限元节点</translation>
    </message>
    <message>
        <source>node output name &apos;%1&apos;: use letters, digits and _ (it names CSV columns)</source>
        <translation>节点输出名称 &apos;%1&apos;:只能使用字母、数字和 _(用作 CSV 列名)</translation>
    </message>
    <message>
        <source>node output &apos;%1&apos; exists already</source>
        <translation>节点输出 &apos;%1&apos; 已存在</translation>
    </message>
    <message>
        <source>%1: node %2</source>
        <translation>%1:节点 %2</translation>
    </message>
    <message>
        <source>node output &apos;%1&apos;: choose two different markers for the chord</source>
        <translation>节点输出 &apos;%1&apos;:请为弦线选择两个不同的标记点</translation>
    </message>
    <message>
        <source>node output &apos;%1&apos;: the chord&apos;s markers are nearest to the same node</source>
        <translation>节点输出 &apos;%1&apos;:弦线两个标记点最近的是同一个节点</translation>
    </message>
    <message>
        <source>, relative to the chord from node %1 (%2) to node %3 (%4)</source>
        <translation>,相对于节点 %1(%2)到节点 %3(%4)的弦线</translation>
    </message>
    <message>
        <source>node output &apos;%1&apos; added: CSV columns %2.%1.dx, .dy, .dz</source>
        <translation>已添加节点输出 &apos;%1&apos;:CSV 列 %2.%1.dx、.dy、.dz</translation>
    </message>
    <message>
        <source>keep at least one elastic mode (tick it in the mode table)</source>
        <translation>至少保留一阶弹性模态(在模态表中勾选)</translation>
    </message>
    <message>
        <source>part &apos;%1&apos;: %2</source>
        <translation>物体 &apos;%1&apos;:%2</translation>
    </message>
    <message>
        <source>thickness</source>
        <translation>厚度</translation>
    </message>
    <message>
        <source>Element size</source>
        <translation>单元尺寸</translation>
    </message>
    <message>
        <source>ρ</source>
        <translation>密度 ρ</translation>
    </message>
    <message>
        <source>Spider radius</source>
        <translation>蛛网连接半径</translation>
    </message>
    <message>
        <source>node nearest to (part frame)</source>
        <translation>最近节点的位置(物体坐标系)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::FlexibleLinkDialog</name>
    <message>
        <source>Create flexible link</source>
        <translation>创建柔性连杆</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Name prefix</source>
        <translation>名称前缀</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>分段数</translation>
    </message>
    <message>
        <source>Damping ratio (C = ratio × K)</source>
        <translation>阻尼比(C = 阻尼比 × K)</translation>
    </message>
    <message>
        <source>Cross section</source>
        <translation>截面</translation>
    </message>
    <message>
        <source>Solid circle</source>
        <translation>实心圆</translation>
    </message>
    <message>
        <source>Hollow circle</source>
        <translation>空心圆</translation>
    </message>
    <message>
        <source>Solid rectangle</source>
        <translation>实心矩形</translation>
    </message>
    <message>
        <source>Hollow rectangle</source>
        <translation>空心矩形</translation>
    </message>
    <message>
        <source>I-section</source>
        <translation>工字形</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Outer diameter</source>
        <translation>外径</translation>
    </message>
    <message>
        <source>Width (along y)</source>
        <translation>宽度(沿 y)</translation>
    </message>
    <message>
        <source>Height (along z)</source>
        <translation>高度(沿 z)</translation>
    </message>
    <message>
        <source>Wall thickness</source>
        <translation>壁厚</translation>
    </message>
    <message>
        <source>Flange thickness</source>
        <translation>翼缘厚度</translation>
    </message>
    <message>
        <source>Web thickness</source>
        <translation>腹板厚度</translation>
    </message>
    <message>
        <source>Height direction z (ground) [-]</source>
        <translation>高度方向 z(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>Material</source>
        <translation>材料</translation>
    </message>
    <message>
        <source>Steel</source>
        <translation>钢</translation>
    </message>
    <message>
        <source>Aluminium</source>
        <translation>铝</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Young&apos;s modulus E</source>
        <translation>弹性模量 E</translation>
    </message>
    <message>
        <source>Poisson&apos;s ratio ν</source>
        <translation>泊松比 ν</translation>
    </message>
    <message>
        <source>Shear modulus G</source>
        <translation>剪切模量 G</translation>
    </message>
    <message>
        <source>Density</source>
        <translation>密度</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>截面特性</translation>
    </message>
    <message>
        <source>End 1 (start)</source>
        <translation>端点 1(起点)</translation>
    </message>
    <message>
        <source>End 2</source>
        <translation>端点 2</translation>
    </message>
    <message>
        <source>Pick in 3-D view</source>
        <translation>在三维视图中拾取</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>自由</translation>
    </message>
    <message>
        <source>Rigid (fixed joint)</source>
        <translation>刚性(固定铰)</translation>
    </message>
    <message>
        <source>Flexible (half-segment beam)</source>
        <translation>柔性(半分段长的梁)</translation>
    </message>
    <message>
        <source>At marker</source>
        <translation>位于标记点</translation>
    </message>
    <message>
        <source>or at point (ground)</source>
        <translation>或位于坐标点(大地坐标系)</translation>
    </message>
    <message>
        <source>Attach to part</source>
        <translation>连接到物体</translation>
    </message>
    <message>
        <source>Attachment</source>
        <translation>连接方式</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name: letters, digits and _, not starting with a digit.</source>
        <translation>“%1”不是有效名称:只能含字母、数字和 _,且不能以数字开头。</translation>
    </message>
    <message>
        <source>The link would name an entity %1, which is already used: choose another prefix.</source>
        <translation>连杆要创建的名称 %1 已被使用:请换一个前缀。</translation>
    </message>
    <message>
        <source>The two ends are at the same point: the link has no length.</source>
        <translation>两个端点重合:连杆长度为零。</translation>
    </message>
    <message>
        <source>A link needs at least 2 segments (one beam between them).</source>
        <translation>连杆至少需要 2 个分段(其间有一根梁)。</translation>
    </message>
    <message>
        <source>At most %1 segments.</source>
        <translation>最多 %1 个分段。</translation>
    </message>
    <message>
        <source>The damping ratio cannot be negative.</source>
        <translation>阻尼比不能为负。</translation>
    </message>
    <message>
        <source>Young&apos;s modulus must be positive.</source>
        <translation>弹性模量必须为正。</translation>
    </message>
    <message>
        <source>The shear modulus must be positive (Poisson&apos;s ratio above −1).</source>
        <translation>剪切模量必须为正(泊松比须大于 −1)。</translation>
    </message>
    <message>
        <source>The density must be positive.</source>
        <translation>密度必须为正。</translation>
    </message>
    <message>
        <source>The part is no longer in the model.</source>
        <translation>该物体已不在模型中。</translation>
    </message>
    <message>
        <source>Must be positive.</source>
        <translation>必须为正。</translation>
    </message>
    <message>
        <source>The wall is as thick as the radius or thicker: no hole is left.</source>
        <translation>壁厚达到或超过半径:已没有内孔。</translation>
    </message>
    <message>
        <source>Two walls are as thick as the width or the height or thicker: no hole is left.</source>
        <translation>两侧壁厚之和达到或超过宽度或高度:已没有内孔。</translation>
    </message>
    <message>
        <source>The two flanges are as thick as the height or thicker: no web is left.</source>
        <translation>两块翼缘的厚度之和达到或超过截面高度:已没有腹板。</translation>
    </message>
    <message>
        <source>The web is as thick as the flanges are wide or thicker.</source>
        <translation>腹板厚度达到或超过翼缘宽度。</translation>
    </message>
    <message>
        <source>A %1, J (Ixx) %2, Iyy %3, Izz %4, ASY %5, ASZ %6; link mass %7</source>
        <translation>A %1,J(Ixx)%2,Iyy %3,Izz %4,ASY %5,ASZ %6;连杆质量 %7</translation>
    </message>
    <message>
        <source>(no section: see the field marked in red)</source>
        <translation>(无有效截面:见红框标出的字段)</translation>
    </message>
    <message>
        <source>Discrete: rigid segments joined by beams</source>
        <translation>离散:由梁连接的刚性分段</translation>
    </message>
    <message>
        <source>FE beam: one part, large deflections</source>
        <translation>有限元梁:一个零件,大变形</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>单元数</translation>
    </message>
    <message>
        <source>Create FE beam</source>
        <translation>创建有限元梁</translation>
    </message>
    <message>
        <source>An FE beam needs at least 1 element.</source>
        <translation>有限元梁至少需要 1 个单元。</translation>
    </message>
    <message>
        <source>An FE beam ends at its end node, with no half segment to hang a beam on: attach it rigidly or leave it free.</source>
        <translation>有限元梁止于其端节点,没有可挂梁的半个分段:请刚性连接或保持自由。</translation>
    </message>
</context>
<context>
    <name>mbs::ui::FmuExportDialog</name>
    <message>
        <source>Export Co-Simulation FMU</source>
        <translation>导出联合仿真 FMU</translation>
    </message>
    <message>
        <source>An FMI 2.0 Co-Simulation FMU of the model &apos;%1&apos;: its inputs are the plant inputs&apos; (PINPUT) VARIABLEs, its outputs the plant outputs&apos; (POUTPUT) VARIABLEs and its parameters the model parameters, with the values their functions give (an imported Adams deck&apos;s in the deck&apos;s units). The master sets the inputs, which are held over each communication step.</source>
        <translation>模型 &apos;%1&apos; 的 FMI 2.0 联合仿真 FMU:其输入为对象输入(PINPUT)的变量,输出为对象输出(POUTPUT)的变量,参数为模型参数,取其函数给出的值(导入的 Adams 数据集采用数据集的单位)。主控程序设置输入,输入在每个通信步内保持不变。</translation>
    </message>
    <message>
        <source>The model has unsaved changes: the FMU carries the model as it is now in the editor.</source>
        <translation>模型有未保存的修改:FMU 带有编辑器中当前的模型。</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Plant port</source>
        <translation>对象端口</translation>
    </message>
    <message>
        <source>Start value</source>
        <translation>初值</translation>
    </message>
    <message>
        <source>VARIABLE function</source>
        <translation>变量函数</translation>
    </message>
    <message>
        <source>%1 (signal %2)</source>
        <translation>%1(信号 %2)</translation>
    </message>
    <message>
        <source>FMU file:</source>
        <translation>FMU 文件:</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>浏览(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>FMI 2.0 FMUs (*.fmu)</source>
        <translation>FMI 2.0 FMU (*.fmu)</translation>
    </message>
    <message>
        <source>Choose the FMU file first (Browse...).</source>
        <translation>请先选择 FMU 文件(浏览...)。</translation>
    </message>
    <message>
        <source>Exporting %1: compiling the model and solving its initial conditions...</source>
        <translation>正在导出 %1:编译模型并求解初始条件...</translation>
    </message>
    <message>
        <source>Exported the FMU %1.</source>
        <translation>已导出 FMU %1。</translation>
    </message>
    <message>
        <source>Exported the co-simulation FMU %1</source>
        <translation>已导出联合仿真 FMU %1</translation>
    </message>
</context>
<context>
    <name>mbs::ui::ForceDialog</name>
    <message>
        <source>Create force</source>
        <translation>创建力元</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Spring-damper (translational)</source>
        <translation>弹簧阻尼器(平动)</translation>
    </message>
    <message>
        <source>Spring-damper (rotational)</source>
        <translation>弹簧阻尼器(转动)</translation>
    </message>
    <message>
        <source>Bushing</source>
        <translation>轴套力元</translation>
    </message>
    <message>
        <source>Single force</source>
        <translation>单分量外力</translation>
    </message>
    <message>
        <source>Single torque</source>
        <translation>单分量外力矩</translation>
    </message>
    <message>
        <source>use the present distance / angle</source>
        <translation>使用当前距离 / 角度</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>I marker (action)</source>
        <translation>I 标记点(作用)</translation>
    </message>
    <message>
        <source>J marker (reaction)</source>
        <translation>J 标记点(反作用)</translation>
    </message>
    <message>
        <source>f(TIME, ...) [N or N·m]</source>
        <translation>f(TIME, ...) [N 或 N·m]</translation>
    </message>
    <message>
        <source>Torque f(TIME, ...) [N·m]</source>
        <translation>力矩 f(TIME, ...) [N·m]</translation>
    </message>
    <message>
        <source>Force f(TIME, ...) [N]</source>
        <translation>力 f(TIME, ...) [N]</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid, unused name.</source>
        <translation>&apos;%1&apos; 不是有效且未被使用的名称。</translation>
    </message>
    <message>
        <source>Choose the I marker.</source>
        <translation>请选择 I 标记点。</translation>
    </message>
    <message>
        <source>A %1 acts between two markers: choose the J marker.</source>
        <translation>%1 作用在两个标记点之间:请选择 J 标记点。</translation>
    </message>
    <message>
        <source>The I and J markers are on the same part: the force would do nothing.</source>
        <translation>I、J 标记点在同一物体上:该力不起作用。</translation>
    </message>
    <message>
        <source>Give the force function (a number or an expression).</source>
        <translation>请给出力函数(数值或表达式)。</translation>
    </message>
    <message>
        <source>Stiffness</source>
        <translation>刚度</translation>
    </message>
    <message>
        <source>Damping</source>
        <translation>阻尼</translation>
    </message>
    <message>
        <source>Free length</source>
        <translation>自由长度</translation>
    </message>
    <message>
        <source>Preload</source>
        <translation>预载</translation>
    </message>
    <message>
        <source>Bushing K x, y, z</source>
        <translation>轴套刚度 K x, y, z</translation>
    </message>
    <message>
        <source>Bushing C x, y, z</source>
        <translation>轴套阻尼 C x, y, z</translation>
    </message>
    <message>
        <source>Bushing Kr x, y, z</source>
        <translation>轴套扭转刚度 Kr x, y, z</translation>
    </message>
    <message>
        <source>Bushing Cr x, y, z</source>
        <translation>轴套扭转阻尼 Cr x, y, z</translation>
    </message>
    <message>
        <source>Free angle</source>
        <translation>自由角度</translation>
    </message>
</context>
<context>
    <name>mbs::ui::FrictionDialog</name>
    <message>
        <source>Lankarani–Nikravesh (restitution e)</source>
        <translation>Lankarani–Nikravesh(恢复系数 e)</translation>
    </message>
    <message>
        <source>Polynomial damping (d₁, d₂)</source>
        <translation>多项式阻尼(d₁, d₂)</translation>
    </message>
    <message>
        <source>Lankarani–Nikravesh: K δⁿ (1 + 3(1−e²)/4 · v/v₀), v = dδ/dt, v₀ its value at impact. Polynomial damping: K δⁿ + (d₁ δ + d₂ δ²) v, the nonlinear spring–damper of the Adams flexible slider-crank study: its damping force is zero at the start and the end of the contact. Adams IMPACT: K δⁿ + STEP(δ, 0, 0, d, c_max) v, the damping ramped in over the penetration depth d</source>
        <translation>Lankarani–Nikravesh:K δⁿ (1 + 3(1−e²)/4 · v/v₀),v = dδ/dt,v₀ 为碰撞开始时的值。多项式阻尼:K δⁿ + (d₁ δ + d₂ δ²) v,即 ADAMS 柔性曲柄滑块研究中的非线性弹簧–阻尼碰撞模型:碰撞开始和结束时阻尼力为零。Adams IMPACT:K δⁿ + STEP(δ, 0, 0, d, c_max) v,阻尼在嵌入深度 d 内逐渐增至最大值</translation>
    </message>
    <message>
        <source>Contact law</source>
        <translation>接触力模型</translation>
    </message>
    <message>
        <source>Joint friction</source>
        <translation>摩擦铰</translation>
    </message>
    <message>
        <source>preload</source>
        <translation>预载</translation>
    </message>
    <message>
        <source>reaction force</source>
        <translation>约束反力</translation>
    </message>
    <message>
        <source>bending moment</source>
        <translation>弯矩</translation>
    </message>
    <message>
        <source>torsional moment</source>
        <translation>扭矩</translation>
    </message>
    <message>
        <source>Joint</source>
        <translation>铰</translation>
    </message>
    <message>
        <source>μ static [-]</source>
        <translation>静摩擦系数 μs [-]</translation>
    </message>
    <message>
        <source>μ dynamic [-]</source>
        <translation>动摩擦系数 μd [-]</translation>
    </message>
    <message>
        <source>Transition velocity factor [-]</source>
        <translation>过渡速度系数 [-]</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>计入的作用</translation>
    </message>
    <message>
        <source>Choose a joint.</source>
        <translation>请选择一个铰。</translation>
    </message>
    <message>
        <source>Joint &apos;%1&apos;: μ dynamic (%2) must not exceed μ static (%3).</source>
        <translation>铰 &apos;%1&apos;:动摩擦系数 (%2) 不得大于静摩擦系数 (%3)。</translation>
    </message>
    <message>
        <source>Joint &apos;%1&apos;: the stiction transition velocity must be positive.</source>
        <translation>铰 &apos;%1&apos;:静摩擦过渡速度必须为正。</translation>
    </message>
    <message>
        <source>Joint &apos;%1&apos; (%2): give the pin radius [m] (ball radius of a spherical joint); friction torque = μ × normal force × pin radius.</source>
        <translation>铰 &apos;%1&apos;(%2):请给出销轴半径 [m](球铰为球半径);摩擦力矩 = μ × 正压力 × 销轴半径。</translation>
    </message>
    <message>
        <source>Joint &apos;%1&apos;: friction is available for revolute, cylindrical, translational, universal and spherical joints, not for a %2 joint.</source>
        <translation>铰 &apos;%1&apos;:摩擦仅适用于旋转铰、圆柱铰、移动铰、万向铰和球铰,不适用于%2。</translation>
    </message>
    <message>
        <source>Radial clearance (pin-in-hole contact instead of the pin)</source>
        <translation>径向间隙(以孔中销轴接触代替理想销轴)</translation>
    </message>
    <message>
        <source>Pin-in-hole contact force (Lankarani–Nikravesh or polynomial damping) with friction μ static → μ dynamic over the transition velocity; the other friction fields do not apply</source>
        <translation>销孔接触力(Lankarani–Nikravesh 或多项式阻尼)加摩擦力,摩擦系数在过渡速度内由静摩擦系数变为动摩擦系数;其余摩擦参数不适用</translation>
    </message>
    <message>
        <source>Force exponent n [-]</source>
        <translation>力指数 n [-]</translation>
    </message>
    <message>
        <source>Restitution coefficient e [-]</source>
        <translation>恢复系数 e [-]</translation>
    </message>
    <message>
        <source>Joint &apos;%1&apos;: %2 %3.</source>
        <translation>铰 &apos;%1&apos;:%2%3。</translation>
    </message>
    <message>
        <source>the radial clearance c</source>
        <translation>径向间隙 c</translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation>必须为正</translation>
    </message>
    <message>
        <source>the journal radius</source>
        <translation>轴颈半径</translation>
    </message>
    <message>
        <source>the contact stiffness K</source>
        <translation>接触刚度 K</translation>
    </message>
    <message>
        <source>the restitution coefficient e</source>
        <translation>恢复系数 e</translation>
    </message>
    <message>
        <source>must be above 0 (at most 1)</source>
        <translation>必须大于 0(至多为 1)</translation>
    </message>
    <message>
        <source>the transition velocity</source>
        <translation>过渡速度</translation>
    </message>
    <message>
        <source>Clearance (ball-in-socket contact instead of the joint)</source>
        <translation>间隙(以球窝中的球接触代替铰)</translation>
    </message>
    <message>
        <source>Clearance (slider-in-guide contact across the joint&apos;s x)</source>
        <translation>间隙(导轨中滑块的接触,横向沿铰的 x)</translation>
    </message>
    <message>
        <source>the clearance c</source>
        <translation>间隙 c</translation>
    </message>
    <message>
        <source>the slider length</source>
        <translation>滑块长度</translation>
    </message>
    <message>
        <source>the ball radius</source>
        <translation>球半径</translation>
    </message>
    <message>
        <source>Adams IMPACT (c_max, d)</source>
        <translation>Adams IMPACT(c_max, d)</translation>
    </message>
    <message>
        <source>the penetration depth d</source>
        <translation>嵌入深度 d</translation>
    </message>
    <message>
        <source>Stiction transition velocity</source>
        <translation>静摩擦过渡速度</translation>
    </message>
    <message>
        <source>Max stiction deformation</source>
        <translation>最大静摩擦变形</translation>
    </message>
    <message>
        <source>Pin radius</source>
        <translation>销轴半径</translation>
    </message>
    <message>
        <source>Friction arm</source>
        <translation>摩擦力臂</translation>
    </message>
    <message>
        <source>Bending reflect arm</source>
        <translation>弯矩折算力臂</translation>
    </message>
    <message>
        <source>Joint half length</source>
        <translation>铰半长</translation>
    </message>
    <message>
        <source>Preload force</source>
        <translation>预载力</translation>
    </message>
    <message>
        <source>Preload torque</source>
        <translation>预载力矩</translation>
    </message>
    <message>
        <source>Radial clearance c</source>
        <translation>径向间隙 c</translation>
    </message>
    <message>
        <source>Journal radius</source>
        <translation>轴颈半径</translation>
    </message>
    <message>
        <source>Max damping c_max</source>
        <translation>最大阻尼 c_max</translation>
    </message>
    <message>
        <source>Penetration depth d (full damping)</source>
        <translation>嵌入深度 d(达到最大阻尼)</translation>
    </message>
    <message>
        <source>Ball radius</source>
        <translation>球半径</translation>
    </message>
    <message>
        <source>Clearance per side c</source>
        <translation>单侧间隙 c</translation>
    </message>
    <message>
        <source>Slider length</source>
        <translation>滑块长度</translation>
    </message>
    <message>
        <source>Contact stiffness K</source>
        <translation>接触刚度 K</translation>
    </message>
    <message>
        <source>Damping d₁ (of δ·dδ/dt)</source>
        <translation>阻尼 d₁(δ·dδ/dt 项)</translation>
    </message>
    <message>
        <source>Damping d₂ (of δ²·dδ/dt)</source>
        <translation>阻尼 d₂(δ²·dδ/dt 项)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::GravityDialog</name>
    <message>
        <source>Gravity</source>
        <translation>重力加速度</translation>
    </message>
    <message>
        <source>Direction (ground) [-]</source>
        <translation>方向(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>The gravity direction must not be zero.</source>
        <translation>重力方向不能为零向量。</translation>
    </message>
    <message>
        <source>Magnitude</source>
        <translation>大小</translation>
    </message>
</context>
<context>
    <name>mbs::ui::InitialConditionsDialog</name>
    <message>
        <source>Initial velocities</source>
        <translation>初始速度</translation>
    </message>
    <message>
        <source>exact (keep in the initial-condition analysis)</source>
        <translation>精确(初始化分析中保持不变)</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>物体</translation>
    </message>
    <message>
        <source>Choose a moving part (the ground does not move).</source>
        <translation>请选择一个运动物体(大地不运动)。</translation>
    </message>
    <message>
        <source>CM velocity (ground)</source>
        <translation>质心速度(大地坐标系)</translation>
    </message>
    <message>
        <source>Angular velocity (ground)</source>
        <translation>角速度(大地坐标系)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::JointAnalysisDialog</name>
    <message>
        <source>Joint analysis</source>
        <translation>铰分析</translation>
    </message>
    <message>
        <source>Joint</source>
        <translation>铰</translation>
    </message>
    <message>
        <source>Constraint equations</source>
        <translation>约束方程</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果量</translation>
    </message>
    <message>
        <source>&lt;b&gt;Constraint force elements&lt;/b&gt; across the joint&apos;s I and J markers</source>
        <translation>&lt;b&gt;约束力元&lt;/b&gt;:作用在铰的 I、J 标记点之间</translation>
    </message>
    <message>
        <source>Add bushing</source>
        <translation>添加轴套力元</translation>
    </message>
    <message>
        <source>Add rotational spring-damper about z</source>
        <translation>添加绕 z 轴的扭转弹簧阻尼器</translation>
    </message>
    <message>
        <source>(run an analysis to see this joint&apos;s results)</source>
        <translation>(求解后可查看此铰的结果)</translation>
    </message>
    <message>
        <source>No joint chosen.</source>
        <translation>未选择铰。</translation>
    </message>
    <message>
        <source>%1: %2 equations.</source>
        <translation>%1:%2 个约束方程。</translation>
    </message>
    <message>
        <source> The rank cannot be checked: the model does not compile.</source>
        <translation>无法检查秩:模型不能编译。</translation>
    </message>
    <message>
        <source> Redundant (dependent on the other joints&apos; equations): %1.</source>
        <translation>冗余约束(与其他铰的方程相关):%1。</translation>
    </message>
    <message>
        <source> All independent of the other joints&apos; equations (rank of Φ_q).</source>
        <translation>与其他铰的方程均独立(Φ_q 的秩)。</translation>
    </message>
    <message>
        <source> The model does not assemble: the rank was taken at the initial positions.</source>
        <translation>模型不能装配:秩按初始位置计算。</translation>
    </message>
    <message>
        <source>Choose a joint with I and J markers (a coupler has none).</source>
        <translation>请选择带有 I、J 标记点的铰(耦合器没有标记点)。</translation>
    </message>
    <message>
        <source>Added &apos;%1&apos; across &apos;%2&apos;.</source>
        <translation>已在“%2”上添加“%1”。</translation>
    </message>
    <message>
        <source>Add translational spring-damper along z</source>
        <translation>添加沿 z 轴的平动弹簧阻尼器</translation>
    </message>
    <message>
        <source>A bushing with stiffness and damping along the joint&apos;s z axis only: it acts where a point-to-point spring cannot, on I and J markers that coincide (rest position: I at J).</source>
        <translation>只有沿铰 z 轴刚度和阻尼的轴套力元:在 I、J 标记点重合、点对点弹簧无法作用时仍然有效(自由位置:I 与 J 重合)。</translation>
    </message>
    <message>
        <source>Translational stiffness</source>
        <translation>平动刚度</translation>
    </message>
    <message>
        <source>Translational damping</source>
        <translation>平动阻尼</translation>
    </message>
    <message>
        <source>Rotational stiffness</source>
        <translation>扭转刚度</translation>
    </message>
    <message>
        <source>Rotational damping</source>
        <translation>扭转阻尼</translation>
    </message>
    <message>
        <source>Time [%1]</source>
        <translation>时间 [%1]</translation>
    </message>
</context>
<context>
    <name>mbs::ui::JointDialog</name>
    <message>
        <source>Create joint</source>
        <translation>创建铰</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Pick location in 3-D view</source>
        <translation>在三维视图中拾取位置</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Part I (moves)</source>
        <translation>物体 I(运动)</translation>
    </message>
    <message>
        <source>Part J (base)</source>
        <translation>物体 J(基础)</translation>
    </message>
    <message>
        <source>Location at marker</source>
        <translation>铰点位于标记点</translation>
    </message>
    <message>
        <source>Axis z (ground) [-]</source>
        <translation>铰坐标系 z 轴(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Choose both parts.</source>
        <translation>请选择两个物体。</translation>
    </message>
    <message>
        <source>A joint needs two different parts.</source>
        <translation>铰需要连接两个不同的物体。</translation>
    </message>
    <message>
        <source>OK: %1 joint frame shown in the view</source>
        <translation>正确:%1坐标系已显示在视图中</translation>
    </message>
    <message>
        <source>
Spider axes: this axis on J and the second axis %1 on I.</source>
        <translation>
十字轴:此轴在 J 上,第二轴 %1 在 I 上。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid, unused name.</source>
        <translation>&apos;%1&apos; 不是有效且未被使用的名称。</translation>
    </message>
    <message>
        <source>First joint</source>
        <translation>第一个铰</translation>
    </message>
    <message>
        <source>Second joint</source>
        <translation>第二个铰</translation>
    </message>
    <message>
        <source>Scale of first joint [-]</source>
        <translation>第一个铰的系数 [-]</translation>
    </message>
    <message>
        <source>Scale of second joint [-]</source>
        <translation>第二个铰的系数 [-]</translation>
    </message>
    <message>
        <source>Ratio (second = ratio × first) [-]</source>
        <translation>传动比(第二个 = 传动比 × 第一个)[-]</translation>
    </message>
    <message>
        <source>Choose the joints to couple.</source>
        <translation>请选择要耦合的铰。</translation>
    </message>
    <message>
        <source>A coupler needs two different joints.</source>
        <translation>耦合器需要两个不同的铰。</translation>
    </message>
    <message>
        <source>A gear couples two revolute or cylindrical joints; &apos;%1&apos; is %2.</source>
        <translation>齿轮副耦合两个旋转铰或圆柱铰；“%1”是%2。</translation>
    </message>
    <message>
        <source>The ratio must not be zero.</source>
        <translation>传动比不能为零。</translation>
    </message>
    <message>
        <source>The first joint of a rack-and-pinion is the pinion&apos;s revolute or cylindrical joint; &apos;%1&apos; is %2.</source>
        <translation>齿轮齿条副的第一个铰是齿轮的旋转铰或圆柱铰；“%1”是%2。</translation>
    </message>
    <message>
        <source>The second joint of a rack-and-pinion is the rack&apos;s translational or cylindrical joint; &apos;%1&apos; is %2.</source>
        <translation>齿轮齿条副的第二个铰是齿条的移动铰或圆柱铰；“%1”是%2。</translation>
    </message>
    <message>
        <source>The pitch radius must not be zero.</source>
        <translation>节圆半径不能为零。</translation>
    </message>
    <message>
        <source>A coupler couples revolute, translational or cylindrical joints; &apos;%1&apos; is %2.</source>
        <translation>耦合器耦合旋转铰、移动铰或圆柱铰；“%1”是%2。</translation>
    </message>
    <message>
        <source>The two scales must not both be zero.</source>
        <translation>两个系数不能同时为零。</translation>
    </message>
    <message>
        <source>The screw pitch must not be zero.</source>
        <translation>螺旋铰的螺距不能为零。</translation>
    </message>
    <message>
        <source>
I&apos;s z axis %1 is kept perpendicular to this axis on J.</source>
        <translation>
I 的 z 轴 %1 与 J 上的此轴保持垂直。</translation>
    </message>
    <message>
        <source>or at point (ground)</source>
        <translation>或位于坐标点(大地坐标系)</translation>
    </message>
    <message>
        <source>Pitch (translation per turn)</source>
        <translation>螺距(每转平移)</translation>
    </message>
    <message>
        <source>Pitch radius (rack travel per radian)</source>
        <translation>节圆半径(齿条每弧度行程)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::LogPanel</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>mbs::ui::MainWindow</name>
    <message>
        <source>note: %1</source>
        <translation>提示:%1</translation>
    </message>
    <message>
        <source>Selected: %1</source>
        <translation>已选择:%1</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Model Browser</source>
        <translation>模型浏览器</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>求解</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑结构</translation>
    </message>
    <message>
        <source>Plot</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Animation</source>
        <translation>动画仿真</translation>
    </message>
    <message>
        <source>Run: %1</source>
        <translation>求解:%1</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>建模</translation>
    </message>
    <message>
        <source>&amp;Build</source>
        <translation>建模(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Simulate</source>
        <translation>仿真(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Import Adams file</source>
        <translation>导入 Adams 文件</translation>
    </message>
    <message>
        <source>These statements or arguments change the physics but cannot be imported exactly. Import without them?</source>
        <translation>以下语句或参数会改变物理模型,但无法精确导入。是否略去它们继续导入?</translation>
    </message>
    <message>
        <source>Import Without Them</source>
        <translation>略去并导入</translation>
    </message>
    <message>
        <source>Could not open %1:
%2</source>
        <translation>无法打开 %1:
%2</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>打开失败</translation>
    </message>
    <message>
        <source>Could not open %1:

%2</source>
        <translation>无法打开 %1:

%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>the unsaved model &quot;%1&quot;</source>
        <translation>未保存的模型“%1”</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>mbstudio did not shut down cleanly. Unsaved changes to %1 were saved automatically at %2.</source>
        <translation>mbstudio 上次未正常关闭。对 %1 的未保存修改已于 %2 自动保存。</translation>
    </message>
    <message>
        <source>The recovered copy is kept in %1</source>
        <translation>恢复副本保存在 %1</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>Decide &amp;Later</source>
        <translation>稍后决定(&amp;L)</translation>
    </message>
    <message>
        <source>Could not restore %1:
%2</source>
        <translation>无法恢复 %1:
%2</translation>
    </message>
    <message>
        <source>Restored the work autosaved at %1 from %2. Save it to keep it.</source>
        <translation>已从 %2 恢复 %1 自动保存的工作。请保存以保留。</translation>
    </message>
    <message>
        <source>Discarded the autosaved copy %1.</source>
        <translation>已丢弃自动保存的副本 %1。</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Open Adams dataset</source>
        <translation>打开 Adams 数据集</translation>
    </message>
    <message>
        <source>%1 has a command file next to it, %2. Open the command file (the dataset with the analysis of its first SIMULATE) instead?</source>
        <translation>%1 旁边有命令文件 %2。改为打开该命令文件(数据集连同其第一条 SIMULATE 的分析设置)吗?</translation>
    </message>
    <message>
        <source>Open Command File</source>
        <translation>打开命令文件</translation>
    </message>
    <message>
        <source>Open Dataset Only</source>
        <translation>仅打开数据集</translation>
    </message>
    <message>
        <source>Setti&amp;ngs</source>
        <translation>设置(&amp;N)</translation>
    </message>
</context>
<context>
    <name>mbs::ui::MarkerDialog</name>
    <message>
        <source>Create markers</source>
        <translation>创建标记点</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Coordinates (type or pick)</source>
        <translation>坐标(输入或拾取)</translation>
    </message>
    <message>
        <source>Offset from marker</source>
        <translation>相对标记点偏移</translation>
    </message>
    <message>
        <source>Midpoint of two markers</source>
        <translation>两标记点的中点</translation>
    </message>
    <message>
        <source>Mirror of marker about a plane</source>
        <translation>标记点关于平面的镜像</translation>
    </message>
    <message>
        <source>Along a direction from marker</source>
        <translation>自标记点沿某方向</translation>
    </message>
    <message>
        <source>Points on a circle</source>
        <translation>圆周上的点</translation>
    </message>
    <message>
        <source>At distances from two markers</source>
        <translation>到两标记点给定距离</translation>
    </message>
    <message>
        <source>Pick in 3-D view</source>
        <translation>在三维视图中拾取</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>On part</source>
        <translation>所在物体</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>生成方法</translation>
    </message>
    <message>
        <source>Marker A</source>
        <translation>标记点 A</translation>
    </message>
    <message>
        <source>Marker B</source>
        <translation>标记点 B</translation>
    </message>
    <message>
        <source>Vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <source>Number of points</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Centre marker</source>
        <translation>圆心标记点</translation>
    </message>
    <message>
        <source>Direction (ground) [-]</source>
        <translation>方向(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>Circle axis (ground) [-]</source>
        <translation>圆轴线(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>Plane normal (ground) [-]</source>
        <translation>平面法向(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>Choose marker A.</source>
        <translation>请选择标记点 A。</translation>
    </message>
    <message>
        <source>Choose marker B.</source>
        <translation>请选择标记点 B。</translation>
    </message>
    <message>
        <source>The mirror plane normal must not be zero.</source>
        <translation>镜像平面法向不能为零向量。</translation>
    </message>
    <message>
        <source>The direction must not be zero.</source>
        <translation>方向不能为零向量。</translation>
    </message>
    <message>
        <source>The circle axis must not be zero.</source>
        <translation>圆轴线不能为零向量。</translation>
    </message>
    <message>
        <source>The circle radius must be positive.</source>
        <translation>圆半径必须为正。</translation>
    </message>
    <message>
        <source>The plane normal must not be zero.</source>
        <translation>平面法向不能为零向量。</translation>
    </message>
    <message>
        <source>Markers A and B coincide in the plane normal to the vector: choose another normal.</source>
        <translation>标记点 A 与 B 在垂直于该向量的平面内重合:请选择其他法向。</translation>
    </message>
    <message>
        <source>Choose the part the marker is on.</source>
        <translation>请选择标记点所在的物体。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid name (letters, digits and _, not starting with a digit).</source>
        <translation>&apos;%1&apos; 不是有效名称(由字母、数字和 _ 组成,且不能以数字开头)。</translation>
    </message>
    <message>
        <source>The name &apos;%1&apos; is already used.</source>
        <translation>名称 &apos;%1&apos; 已被使用。</translation>
    </message>
    <message>
        <source>or z axis (ground) [-]</source>
        <translation>或 z 轴(大地坐标系)[-]</translation>
    </message>
    <message>
        <source>Point (ground)</source>
        <translation>坐标点(大地坐标系)</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>Distance from B</source>
        <translation>到 B 的距离</translation>
    </message>
    <message>
        <source>First point angle</source>
        <translation>第一点角度</translation>
    </message>
    <message>
        <source>Orientation (Euler 3-1-3, ground)</source>
        <translation>方位(欧拉角 3-1-3,大地坐标系)</translation>
    </message>
    <message>
        <source>Picked (%1, %2, %3) %4</source>
        <translation>已拾取 (%1, %2, %3) %4</translation>
    </message>
    <message>
        <source>Point on the mirror plane (ground)</source>
        <translation>镜像平面上的点(大地坐标系)</translation>
    </message>
    <message>
        <source>Offset (ground)</source>
        <translation>偏移量(大地坐标系)</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>半径</translation>
    </message>
    <message>
        <source>Distance from A</source>
        <translation>到 A 的距离</translation>
    </message>
    <message>
        <source>No point is %1 %4 from A and %2 %4 from B: A and B are %3 %4 apart in the plane.</source>
        <translation>不存在到 A 距离 %1 %4、到 B 距离 %2 %4 的点:A 与 B 在该平面内相距 %3 %4。</translation>
    </message>
</context>
<context>
    <name>mbs::ui::ModeSelectionTable</name>
    <message>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模态</translation>
    </message>
    <message>
        <source>Frequency [Hz]</source>
        <translation>频率 [Hz]</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Energy [%]</source>
        <translation>能量 [%]</translation>
    </message>
    <message>
        <source>Damping [%]</source>
        <translation>阻尼 [%]</translation>
    </message>
    <message>
        <source>Share of the strain energy of the body&apos;s static deformation under unit loads at its interface nodes (balanced by its inertia) that this mode carries</source>
        <translation>在界面节点单位载荷(由物体惯性平衡)作用下,物体静变形应变能中由该阶模态承担的份额</translation>
    </message>
    <message>
        <source>rigid: zero frequency; bending/axial/torsion: dominant displacement along the body&apos;s longest axis; boundary: the highest modes, made of the interface (constraint-mode) content</source>
        <translation>刚体:频率为零;弯曲/轴向/扭转:沿物体最长轴方向占主导的位移;边界:最高阶的若干模态,由界面(约束模态)成分构成</translation>
    </message>
    <message>
        <source>rigid</source>
        <translation>刚体</translation>
    </message>
    <message>
        <source>bending</source>
        <translation>弯曲</translation>
    </message>
    <message>
        <source>axial</source>
        <translation>轴向</translation>
    </message>
    <message>
        <source>torsion</source>
        <translation>扭转</translation>
    </message>
    <message>
        <source>boundary</source>
        <translation>边界</translation>
    </message>
</context>
<context>
    <name>mbs::ui::ModelTreePanel</name>
    <message>
        <source>Entity</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>物体</translation>
    </message>
    <message>
        <source>ground</source>
        <translation>大地</translation>
    </message>
    <message>
        <source>flexible part</source>
        <translation>柔体</translation>
    </message>
    <message>
        <source>rigid part</source>
        <translation>刚体</translation>
    </message>
    <message>
        <source>marker</source>
        <translation>标记点</translation>
    </message>
    <message>
        <source>Joints</source>
        <translation>铰</translation>
    </message>
    <message>
        <source>Motions</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>Forces</source>
        <translation>力元</translation>
    </message>
    <message>
        <source>FE beam part</source>
        <translation>有限元梁物体</translation>
    </message>
</context>
<context>
    <name>mbs::ui::MotionDialog</name>
    <message>
        <source>Create motion</source>
        <translation>创建驱动</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Rotation about joint z</source>
        <translation>绕铰 z 轴转动</translation>
    </message>
    <message>
        <source>Translation along joint z</source>
        <translation>沿铰 z 轴移动</translation>
    </message>
    <message>
        <source>Displacement</source>
        <translation>位移</translation>
    </message>
    <message>
        <source>Velocity</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Acceleration</source>
        <translation>加速度</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Joint</source>
        <translation>铰</translation>
    </message>
    <message>
        <source>Freedom</source>
        <translation>自由度</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>驱动量</translation>
    </message>
    <message>
        <source>f(TIME) [m, rad, /s, /s²]</source>
        <translation>f(TIME) [m, rad, /s, /s²]</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Choose the joint to drive (create a joint first).</source>
        <translation>请选择要驱动的铰(请先创建铰)。</translation>
    </message>
    <message>
        <source>A %1 joint has no %2 freedom to drive.</source>
        <translation>%1没有可驱动的%2自由度。</translation>
    </message>
    <message>
        <source>rotational</source>
        <translation>转动</translation>
    </message>
    <message>
        <source>translational</source>
        <translation>移动</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid, unused name.</source>
        <translation>&apos;%1&apos; 不是有效且未被使用的名称。</translation>
    </message>
    <message>
        <source>f(TIME) = %1 is not a valid function: %2</source>
        <translation>f(TIME) = %1 不是有效的函数:%2</translation>
    </message>
    <message>
        <source>x(0) = %1, x(1 s) = %2</source>
        <translation>x(0) = %1,x(1 s) = %2</translation>
    </message>
    <message>
        <source>Initial displacement</source>
        <translation>初始位移</translation>
    </message>
    <message>
        <source>Initial velocity</source>
        <translation>初始速度</translation>
    </message>
</context>
<context>
    <name>mbs::ui::NumberBox</name>
    <message>
        <source>the field is empty</source>
        <translation>字段为空</translation>
    </message>
    <message>
        <source>%1 is outside the field&apos;s range %2 to %3</source>
        <translation>%1 超出该字段的范围 %2 至 %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not accepted: %2</source>
        <translation>不接受 &quot;%1&quot;:%2</translation>
    </message>
</context>
<context>
    <name>mbs::ui::PartDialog</name>
    <message>
        <source>Create part</source>
        <translation>创建物体</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Link between two markers</source>
        <translation>两标记点间的连杆</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>长方体</translation>
    </message>
    <message>
        <source>Cylinder</source>
        <translation>圆柱体</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>球体</translation>
    </message>
    <message>
        <source>Imported mesh (STL/OBJ)</source>
        <translation>导入网格 (STL/OBJ)</translation>
    </message>
    <message>
        <source>closed STL or OBJ mesh, in metres</source>
        <translation>封闭的 STL 或 OBJ 网格,单位为米</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Import mesh</source>
        <translation>导入网格</translation>
    </message>
    <message>
        <source>Meshes (*.stl *.STL *.obj *.OBJ)</source>
        <translation>网格文件 (*.stl *.STL *.obj *.OBJ)</translation>
    </message>
    <message>
        <source>#rrggbb or empty for automatic</source>
        <translation>#rrggbb,留空则自动</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>实体形状</translation>
    </message>
    <message>
        <source>From marker</source>
        <translation>起点标记点</translation>
    </message>
    <message>
        <source>To marker</source>
        <translation>终点标记点</translation>
    </message>
    <message>
        <source>Mesh file</source>
        <translation>网格文件</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>Mass properties</source>
        <translation>质量特性</translation>
    </message>
    <message>
        <source>(cylinder between the markers; the rounded ends are drawn, not counted)</source>
        <translation>(标记点之间的圆柱;圆头端部仅显示,不计入质量)</translation>
    </message>
    <message>
        <source>The density must be positive to give the part a mass.</source>
        <translation>密度必须为正,物体才有质量。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a colour.</source>
        <translation>&apos;%1&apos; 不是颜色。</translation>
    </message>
    <message>
        <source>Choose the two end markers of the link.</source>
        <translation>请选择连杆的两个端点标记点。</translation>
    </message>
    <message>
        <source>The two markers are at the same place: a link needs a length.</source>
        <translation>两个标记点位置重合:连杆需要有长度。</translation>
    </message>
    <message>
        <source>The link half width must be positive.</source>
        <translation>连杆半宽必须为正。</translation>
    </message>
    <message>
        <source>Choose the mesh file.</source>
        <translation>请选择网格文件。</translation>
    </message>
    <message>
        <source>The box edges must be positive.</source>
        <translation>长方体边长必须为正。</translation>
    </message>
    <message>
        <source>The radius must be positive.</source>
        <translation>半径必须为正。</translation>
    </message>
    <message>
        <source>The cylinder length must be positive.</source>
        <translation>圆柱长度必须为正。</translation>
    </message>
    <message>
        <source>This shape gives no mass.</source>
        <translation>该形状没有质量。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid, unused name.</source>
        <translation>&apos;%1&apos; 不是有效且未被使用的名称。</translation>
    </message>
    <message>
        <source>Radius / half width</source>
        <translation>半径 / 半宽</translation>
    </message>
    <message>
        <source>Centre (ground)</source>
        <translation>中心(大地坐标系)</translation>
    </message>
    <message>
        <source>Orientation (Euler 3-1-3)</source>
        <translation>方位(欧拉角 3-1-3)</translation>
    </message>
    <message>
        <source>Box edges x, y, z</source>
        <translation>长方体边长 x, y, z</translation>
    </message>
    <message>
        <source>Cylinder length</source>
        <translation>圆柱长度</translation>
    </message>
    <message>
        <source>Density</source>
        <translation>密度</translation>
    </message>
    <message>
        <source>m = %1 %5, Ixx = %2, Iyy = %3, Izz = %4 %6</source>
        <translation>m = %1 %5,Ixx = %2,Iyy = %3,Izz = %4 %6</translation>
    </message>
</context>
<context>
    <name>mbs::ui::PlotPanel</name>
    <message>
        <source>Add curve</source>
        <translation>添加曲线</translation>
    </message>
    <message>
        <source>New subplot</source>
        <translation>新建子图</translation>
    </message>
    <message>
        <source>Keep run</source>
        <translation>保留本次结果</translation>
    </message>
    <message>
        <source>Keep these curves to compare them with the next run of the model</source>
        <translation>保留这些曲线,与模型下一次求解的结果对比</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Export...</source>
        <translation>导出...</translation>
    </message>
    <message>
        <source>Left drag: zoom to a box; wheel: zoom; right/middle drag: pan; double-click: reset</source>
        <translation>左键拖动:框选缩放;滚轮:缩放;右键/中键拖动:平移;双击:复位</translation>
    </message>
    <message>
        <source>Export plot</source>
        <translation>导出曲线</translation>
    </message>
    <message>
        <source>PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)</source>
        <translation>PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>%1 (request)</source>
        <translation>%1(输出请求)</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>整个模型</translation>
    </message>
    <message>
        <source>run %1 at %2</source>
        <translation>第 %1 次求解 (%2)</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Value %1</source>
        <translation>数值 %1</translation>
    </message>
    <message>
        <source>Choose a result and press Add curve (results appear after a run).</source>
        <translation>选择结果量并点击“添加曲线”(求解后才有结果)。</translation>
    </message>
    <message>
        <source>mbstudio results</source>
        <translation>mbstudio 结果</translation>
    </message>
    <message>
        <source>Spectrum...</source>
        <translation>频谱...</translation>
    </message>
    <message>
        <source>Amplitude spectrum (FFT) of the curves of the last subplot</source>
        <translation>最后一个子图中曲线的幅值谱（FFT）</translation>
    </message>
    <message>
        <source>%1 (clearance contact)</source>
        <translation>%1(间隙接触)</translation>
    </message>
    <message>
        <source>%1 (modal coordinates)</source>
        <translation>%1(模态坐标)</translation>
    </message>
    <message>
        <source>%1 (stress)</source>
        <translation>%1(应力)</translation>
    </message>
    <message>
        <source>%1 (node output)</source>
        <translation>%1(节点输出)</translation>
    </message>
    <message>
        <source>Filter entities</source>
        <translation>筛选对象</translation>
    </message>
    <message>
        <source>Show the entities whose name contains this text</source>
        <translation>只显示名称包含此文本的对象</translation>
    </message>
    <message>
        <source>Parts</source>
        <translation>物体</translation>
    </message>
    <message>
        <source>Joints</source>
        <translation>铰</translation>
    </message>
    <message>
        <source>Motions</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>Forces</source>
        <translation>力元</translation>
    </message>
    <message>
        <source>Flexible bodies</source>
        <translation>柔体</translation>
    </message>
    <message>
        <source>Markers</source>
        <translation>标记点</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>输出请求</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>clearance c = %1 %2</source>
        <translation>间隙 c = %1 %2</translation>
    </message>
    <message>
        <source>System elements</source>
        <translation>系统元素</translation>
    </message>
    <message>
        <source>%1 (differential equation)</source>
        <translation>%1（微分方程）</translation>
    </message>
    <message>
        <source>Time [%1]</source>
        <translation>时间 [%1]</translation>
    </message>
    <message>
        <source>t = %1 %2</source>
        <translation>t = %1 %2</translation>
    </message>
    <message>
        <source>FE beams</source>
        <translation>有限元梁</translation>
    </message>
</context>
<context>
    <name>mbs::ui::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Interface language</source>
        <translation>界面语言</translation>
    </message>
    <message>
        <source>The language changes when mbstudio is started again. The command-line solver mbsolve always writes English.</source>
        <translation>界面语言在 mbstudio 重新启动后生效。命令行求解器 mbsolve 始终输出英文。</translation>
    </message>
</context>
<context>
    <name>mbs::ui::PropertyPanel</name>
    <message>
        <source>Damping d₁ (of δ·dδ/dt)</source>
        <translation>阻尼 d₁(δ·dδ/dt 项)</translation>
    </message>
    <message>
        <source>Damping d₂ (of δ²·dδ/dt)</source>
        <translation>阻尼 d₂(δ²·dδ/dt 项)</translation>
    </message>
    <message>
        <source>Contact law</source>
        <translation>接触力模型</translation>
    </message>
    <message>
        <source>Model settings</source>
        <translation>模型设置</translation>
    </message>
    <message>
        <source>&lt;b&gt;Friction&lt;/b&gt;</source>
        <translation>&lt;b&gt;铰内摩擦&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Analysis&lt;/b&gt;</source>
        <translation>&lt;b&gt;分析设置&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1: %2 is not accepted; it must be at least %3.</source>
        <translation>%1:不接受 %2;其值至少为 %3。</translation>
    </message>
    <message>
        <source>Function f(TIME)</source>
        <translation>函数 f(TIME)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Initial conditions&lt;/b&gt; (I relative to J, about/along J&apos;s z)</source>
        <translation>&lt;b&gt;铰初始化&lt;/b&gt;(I 相对 J,绕/沿 J 的 z 轴)</translation>
    </message>
    <message>
        <source>set</source>
        <translation>指定</translation>
    </message>
    <message>
        <source>Unticked: the initial-condition analysis chooses the value</source>
        <translation>未勾选:由初始化分析确定该值</translation>
    </message>
    <message>
        <source>Initial conditions</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>stress shapes at %1 surface nodes</source>
        <translation>%1 个表面节点上的应力振型</translation>
    </message>
    <message>
        <source>no stress shapes</source>
        <translation>无应力振型</translation>
    </message>
    <message>
        <source>%1 elastic modes (%2 Hz%3), %4 interface nodes, %5 FE nodes (%6), %7 kg. Build &gt; Make Flexible recomputes it; Undo makes the part rigid again.</source>
        <translation>%1 阶弹性模态 (%2 Hz%3),%4 个界面节点,%5 个有限元节点 (%6),%7 kg。“建模 &gt; 生成柔体”可重新计算;撤销则恢复为刚体。</translation>
    </message>
    <message>
        <source>Flexible body</source>
        <translation>柔体</translation>
    </message>
    <message>
        <source> (each principal moment of inertia must be at most the sum of the other two)</source>
        <translation>(每个主惯量不得大于另外两个主惯量之和)</translation>
    </message>
    <message>
        <source>%1: %2 is not accepted: %3</source>
        <translation>%1:不接受 %2:%3</translation>
    </message>
    <message>
        <source>Mass</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Ixx</source>
        <translation>Ixx</translation>
    </message>
    <message>
        <source>Iyy</source>
        <translation>Iyy</translation>
    </message>
    <message>
        <source>Izz</source>
        <translation>Izz</translation>
    </message>
    <message>
        <source>Ixy</source>
        <translation>Ixy</translation>
    </message>
    <message>
        <source>Ixz</source>
        <translation>Ixz</translation>
    </message>
    <message>
        <source>Iyz</source>
        <translation>Iyz</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Orientation (Euler 3-1-3)</source>
        <translation>方位(欧拉角 3-1-3)</translation>
    </message>
    <message>
        <source>z axis</source>
        <translation>z 轴</translation>
    </message>
    <message>
        <source>x direction</source>
        <translation>x 方向</translation>
    </message>
    <message>
        <source>Point on z</source>
        <translation>z 轴上的点</translation>
    </message>
    <message>
        <source>Point in xz plane</source>
        <translation>xz 平面内的点</translation>
    </message>
    <message>
        <source>Velocity</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Angular velocity</source>
        <translation>角速度</translation>
    </message>
    <message>
        <source>Gravity</source>
        <translation>重力加速度</translation>
    </message>
    <message>
        <source>Pitch</source>
        <translation>螺距</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>传动比</translation>
    </message>
    <message>
        <source>Stiffness</source>
        <translation>刚度</translation>
    </message>
    <message>
        <source>Damping</source>
        <translation>阻尼</translation>
    </message>
    <message>
        <source>Free length</source>
        <translation>自由长度</translation>
    </message>
    <message>
        <source>Preload</source>
        <translation>预载</translation>
    </message>
    <message>
        <source>Free angle</source>
        <translation>自由角度</translation>
    </message>
    <message>
        <source>Translational stiffness</source>
        <translation>平动刚度</translation>
    </message>
    <message>
        <source>Translational damping</source>
        <translation>平动阻尼</translation>
    </message>
    <message>
        <source>Rotational stiffness</source>
        <translation>扭转刚度</translation>
    </message>
    <message>
        <source>Rotational damping</source>
        <translation>扭转阻尼</translation>
    </message>
    <message>
        <source>Preload force</source>
        <translation>预载力</translation>
    </message>
    <message>
        <source>Preload torque</source>
        <translation>预载力矩</translation>
    </message>
    <message>
        <source>Interface node (flexible part, -1: none)</source>
        <translation>界面节点(柔体,-1:无)</translation>
    </message>
    <message>
        <source>Initial displacement</source>
        <translation>初始位移</translation>
    </message>
    <message>
        <source>Initial velocity</source>
        <translation>初始速度</translation>
    </message>
    <message>
        <source>μ static</source>
        <translation>静摩擦系数 μs</translation>
    </message>
    <message>
        <source>μ dynamic</source>
        <translation>动摩擦系数 μd</translation>
    </message>
    <message>
        <source>Stiction transition velocity</source>
        <translation>静摩擦过渡速度</translation>
    </message>
    <message>
        <source>Transition velocity factor</source>
        <translation>过渡速度系数</translation>
    </message>
    <message>
        <source>Max stiction deformation</source>
        <translation>最大静摩擦变形</translation>
    </message>
    <message>
        <source>Pin radius</source>
        <translation>销轴半径</translation>
    </message>
    <message>
        <source>Friction arm</source>
        <translation>摩擦力臂</translation>
    </message>
    <message>
        <source>Bending reflect arm</source>
        <translation>弯矩折算力臂</translation>
    </message>
    <message>
        <source>Joint half length</source>
        <translation>铰半长</translation>
    </message>
    <message>
        <source>Stribeck velocity</source>
        <translation>Stribeck 速度</translation>
    </message>
    <message>
        <source>End time</source>
        <translation>终止时间</translation>
    </message>
    <message>
        <source>Output steps</source>
        <translation>输出步数</translation>
    </message>
    <message>
        <source>Error tolerance</source>
        <translation>误差容限</translation>
    </message>
    <message>
        <source>Max step size</source>
        <translation>最大步长</translation>
    </message>
    <message>
        <source>Initial step size</source>
        <translation>初始步长</translation>
    </message>
    <message>
        <source>Max iterations</source>
        <translation>最大迭代次数</translation>
    </message>
    <message>
        <source>Rotation</source>
        <translation>转角</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>位移</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Integrator</source>
        <translation>积分器</translation>
    </message>
    <message>
        <source>Formulation</source>
        <translation>DAE 形式</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>驱动量</translation>
    </message>
    <message>
        <source>Axis</source>
        <translation>驱动方向</translation>
    </message>
    <message>
        <source>Joint</source>
        <translation>铰</translation>
    </message>
    <message>
        <source>I marker</source>
        <translation>I 标记点</translation>
    </message>
    <message>
        <source>J marker</source>
        <translation>J 标记点</translation>
    </message>
    <message>
        <source>Cm marker</source>
        <translation>质心标记点</translation>
    </message>
    <message>
        <source>Reference marker</source>
        <translation>参考标记点</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>物体</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Color</source>
        <translation>颜色</translation>
    </message>
    <message>
        <source>Action only</source>
        <translation>仅作用力(无反作用)</translation>
    </message>
    <message>
        <source>Use preload</source>
        <translation>计入预载</translation>
    </message>
    <message>
        <source>Use reaction force</source>
        <translation>计入约束反力</translation>
    </message>
    <message>
        <source>Use bending moment</source>
        <translation>计入弯矩</translation>
    </message>
    <message>
        <source>Use torsional moment</source>
        <translation>计入扭矩</translation>
    </message>
    <message>
        <source>Pitch radius</source>
        <translation>节圆半径</translation>
    </message>
    <message>
        <source>First joint</source>
        <translation>第一个铰</translation>
    </message>
    <message>
        <source>Second joint</source>
        <translation>第二个铰</translation>
    </message>
    <message>
        <source>Scale of first joint [-]</source>
        <translation>第一个铰的系数 [-]</translation>
    </message>
    <message>
        <source>Scale of second joint [-]</source>
        <translation>第二个铰的系数 [-]</translation>
    </message>
    <message>
        <source>A joint with markers cannot become a %1, which couples two joints: create it with Build ▸ Joint.</source>
        <translation>带标记点的铰不能改为%1(它耦合两个铰):请用 建模 ▸ 铰 创建。</translation>
    </message>
    <message>
        <source>A coupler cannot become a %1, which joins two parts at markers: create it with Build ▸ Joint.</source>
        <translation>耦合器不能改为%1(它在标记点处连接两个物体):请用 建模 ▸ 铰 创建。</translation>
    </message>
    <message>
        <source>Part %1</source>
        <translation>物体 %1</translation>
    </message>
    <message>
        <source>Marker %1</source>
        <translation>标记点 %1</translation>
    </message>
    <message>
        <source>Joint %1</source>
        <translation>铰 %1</translation>
    </message>
    <message>
        <source>Motion %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>Force %1</source>
        <translation>力元 %1</translation>
    </message>
    <message>
        <source>Radial clearance c</source>
        <translation>径向间隙 c</translation>
    </message>
    <message>
        <source>Journal radius</source>
        <translation>轴颈半径</translation>
    </message>
    <message>
        <source>Contact stiffness K</source>
        <translation>接触刚度 K</translation>
    </message>
    <message>
        <source>Force exponent n</source>
        <translation>力指数 n</translation>
    </message>
    <message>
        <source>Restitution coefficient e</source>
        <translation>恢复系数 e</translation>
    </message>
    <message>
        <source>Friction transition velocity</source>
        <translation>摩擦过渡速度</translation>
    </message>
    <message>
        <source>Radial clearance (pin in hole)</source>
        <translation>径向间隙(孔中销轴)</translation>
    </message>
    <message>
        <source>The pin may move inside the hole: contact force (Lankarani–Nikravesh or polynomial damping) with friction; the joint friction, if any, is replaced by the clearance&apos;s own (its μ kept).</source>
        <translation>销轴可在孔内运动:接触力(Lankarani–Nikravesh 或多项式阻尼)加摩擦力;铰原有的摩擦由间隙自身的摩擦代替(保留摩擦系数)。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Clearance&lt;/b&gt;</source>
        <translation>&lt;b&gt;间隙&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Clearance joint</source>
        <translation>间隙铰</translation>
    </message>
    <message>
        <source>Constraint element (DMBS cut joint)</source>
        <translation>约束元(DMBS 切断铰)</translation>
    </message>
    <message>
        <source>The DMBS (joint-coordinate) formulation cuts this joint: it is left out of the spanning tree and its constraint equations are added. Without a mark DMBS chooses the cuts itself. The absolute formulations (I3, SI2) do not use it.</source>
        <translation>DMBS(铰坐标)形式切断此铰:它不进入生成树,而是补充它的约束方程。未指定时由 DMBS 自动选择切断铰。绝对坐标形式(I3、SI2)不使用此设置。</translation>
    </message>
    <message>
        <source>&lt;b&gt;DMBS&lt;/b&gt;</source>
        <translation>&lt;b&gt;DMBS&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Joint &apos;%1&apos;, %2</source>
        <translation>铰 &apos;%1&apos;,%2</translation>
    </message>
    <message>
        <source>Ball radius</source>
        <translation>球半径</translation>
    </message>
    <message>
        <source>Slider length</source>
        <translation>滑块长度</translation>
    </message>
    <message>
        <source>Clearance per side c (along x)</source>
        <translation>单侧间隙 c(沿 x)</translation>
    </message>
    <message>
        <source>Clearance (ball in socket)</source>
        <translation>间隙(球窝中的球)</translation>
    </message>
    <message>
        <source>Clearance (slider in guide, gap along x)</source>
        <translation>间隙(导轨中的滑块,间隙沿 x)</translation>
    </message>
    <message>
        <source>The ball may move inside the socket: 3-D contact force (Lankarani–Nikravesh or polynomial damping) with friction; the joint friction, if any, is replaced by the clearance&apos;s own.</source>
        <translation>球可在球窝内运动:三维接触力(Lankarani–Nikravesh 或多项式阻尼)带摩擦;铰的摩擦(如有)由间隙自身的摩擦代替。</translation>
    </message>
    <message>
        <source>The slider may move across the guide (along the joint&apos;s x) and tilt in its xz plane: its two ends touch the guide&apos;s walls (contact force with friction at each end); the joint&apos;s y stays held. The joint friction, if any, is replaced by the clearance&apos;s own.</source>
        <translation>滑块可在导轨内横向移动(沿铰的 x)并在其 xz 平面内倾斜:两端与导轨壁接触(每端有带摩擦的接触力);铰的 y 方向仍被约束。铰的摩擦(如有)由间隙自身的摩擦代替。</translation>
    </message>
    <message>
        <source>Max damping c_max</source>
        <translation>最大阻尼 c_max</translation>
    </message>
    <message>
        <source>Penetration depth d (full damping)</source>
        <translation>嵌入深度 d(达到最大阻尼)</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not accepted: %3. Type a number (1.5, 2e-3) or an expression of the model&apos;s parameters (2*L, cos(60d)).</source>
        <translation>%1:不接受 &quot;%2&quot;:%3。请输入数值(1.5、2e-3)或模型参数的表达式(2*L、cos(60d))。</translation>
    </message>
    <message>
        <source>Edit Contact...</source>
        <translation>编辑接触...</translation>
    </message>
    <message>
        <source>Max order (KMAX)</source>
        <translation>最高阶数(KMAX)</translation>
    </message>
    <message>
        <source>Curve order</source>
        <translation>曲线阶次</translation>
    </message>
    <message>
        <source>Initial contact point</source>
        <translation>初始接触点</translation>
    </message>
    <message>
        <source>Initial speed along the curve</source>
        <translation>沿曲线的初始速度</translation>
    </message>
    <message>
        <source>Floating marker (JFLOAT)</source>
        <translation>浮动标记点 (JFLOAT)</translation>
    </message>
    <message>
        <source>Closed curve</source>
        <translation>闭合曲线</translation>
    </message>
    <message>
        <source>Curve through the points</source>
        <translation>曲线通过各点</translation>
    </message>
    <message>
        <source>Stiffness K</source>
        <translation>刚度 K</translation>
    </message>
    <message>
        <source>Force exponent e</source>
        <translation>力指数 e</translation>
    </message>
    <message>
        <source>Max damping c</source>
        <translation>最大阻尼 c</translation>
    </message>
    <message>
        <source>Penetration depth d</source>
        <translation>穿透深度 d</translation>
    </message>
    <message>
        <source>Penalty</source>
        <translation>罚因子</translation>
    </message>
    <message>
        <source>Restitution coefficient</source>
        <translation>恢复系数</translation>
    </message>
    <message>
        <source>Normal transition velocity</source>
        <translation>法向过渡速度</translation>
    </message>
    <message>
        <source>&lt;b&gt;Contact&lt;/b&gt;</source>
        <translation>&lt;b&gt;接触&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Initial contact point on the I curve</source>
        <translation>I 曲线上的初始接触点</translation>
    </message>
    <message>
        <source>Initial speed along the I curve</source>
        <translation>沿 I 曲线的初始速度</translation>
    </message>
    <message>
        <source>Floating marker (IFLOAT)</source>
        <translation>浮动标记点 (IFLOAT)</translation>
    </message>
    <message>
        <source>Beam length (along x)</source>
        <translation>梁长(沿 x)</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>单元数</translation>
    </message>
    <message>
        <source>Section area A</source>
        <translation>截面积 A</translation>
    </message>
    <message>
        <source>Second moment Iyy</source>
        <translation>截面惯性矩 Iyy</translation>
    </message>
    <message>
        <source>Second moment Izz</source>
        <translation>截面惯性矩 Izz</translation>
    </message>
    <message>
        <source>Torsion constant J</source>
        <translation>扭转常数 J</translation>
    </message>
    <message>
        <source>Shear area ratio y (0: Euler-Bernoulli)</source>
        <translation>剪切面积比 y(0:Euler–Bernoulli 梁)</translation>
    </message>
    <message>
        <source>Shear area ratio z (0: Euler-Bernoulli)</source>
        <translation>剪切面积比 z(0:Euler–Bernoulli 梁)</translation>
    </message>
    <message>
        <source>Young&apos;s modulus E</source>
        <translation>弹性模量 E</translation>
    </message>
    <message>
        <source>Shear modulus G</source>
        <translation>剪切模量 G</translation>
    </message>
    <message>
        <source>Density</source>
        <translation>密度</translation>
    </message>
    <message>
        <source>Stiffness-proportional damping</source>
        <translation>刚度比例阻尼</translation>
    </message>
    <message>
        <source>&lt;b&gt;FE beam&lt;/b&gt;</source>
        <translation>&lt;b&gt;有限元梁&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>mbs::ui::RequestDialog</name>
    <message>
        <source>Output requests</source>
        <translation>输出请求</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Displacement (I relative to J)</source>
        <translation>位移(I 相对 J)</translation>
    </message>
    <message>
        <source>Velocity (I relative to J)</source>
        <translation>速度(I 相对 J)</translation>
    </message>
    <message>
        <source>Acceleration (I relative to J)</source>
        <translation>加速度(I 相对 J)</translation>
    </message>
    <message>
        <source>Force (elements between I and J)</source>
        <translation>力(I、J 之间的元素)</translation>
    </message>
    <message>
        <source>Expressions F1 … F8</source>
        <translation>表达式 F1 … F8</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>输出请求</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>I marker</source>
        <translation>I 标记点</translation>
    </message>
    <message>
        <source>J marker</source>
        <translation>J 标记点</translation>
    </message>
    <message>
        <source>Axes of (RM)</source>
        <translation>参考坐标系 (RM)</translation>
    </message>
    <message>
        <source>e.g. DM(tip, pivot) or VX(slider_cm)*1000</source>
        <translation>例如 DM(tip, pivot) 或 VX(slider_cm)*1000</translation>
    </message>
    <message>
        <source>(new request)</source>
        <translation>(新输出请求)</translation>
    </message>
    <message>
        <source>Name &apos;%1&apos;: use letters, digits and &apos;_&apos;, starting with a letter.</source>
        <translation>名称 &apos;%1&apos;:请使用字母、数字和 &apos;_&apos;,并以字母开头。</translation>
    </message>
    <message>
        <source>Name &apos;%1&apos; is already used by another request.</source>
        <translation>名称 &apos;%1&apos; 已被其他输出请求使用。</translation>
    </message>
    <message>
        <source>Type at least one expression (F1 … F8).</source>
        <translation>请至少输入一个表达式 (F1 … F8)。</translation>
    </message>
    <message>
        <source>Choose the I marker: the request measures it.</source>
        <translation>请选择 I 标记点:输出请求测量该标记点。</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>完成:%1</translation>
    </message>
</context>
<context>
    <name>mbs::ui::RunPanel</name>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>提示:%1</translation>
    </message>
    <message>
        <source>Initial conditions</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>Kinematic</source>
        <translation>运动学分析</translation>
    </message>
    <message>
        <source>Static</source>
        <translation>静平衡分析</translation>
    </message>
    <message>
        <source>Quasi-static</source>
        <translation>准静态分析</translation>
    </message>
    <message>
        <source>Dynamic</source>
        <translation>动力学求解</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析类型</translation>
    </message>
    <message>
        <source>Output steps</source>
        <translation>输出步数</translation>
    </message>
    <message>
        <source>Integrator</source>
        <translation>积分器</translation>
    </message>
    <message>
        <source>Formulation</source>
        <translation>DAE 形式</translation>
    </message>
    <message>
        <source>Error tolerance</source>
        <translation>误差容限</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>求解</translation>
    </message>
    <message>
        <source>Run the model&apos;s analysis (F5)</source>
        <translation>运行模型的分析 (F5)</translation>
    </message>
    <message>
        <source>Linear modes</source>
        <translation>线性化模态</translation>
    </message>
    <message>
        <source>Eigenvalues and mode shapes about the static equilibrium</source>
        <translation>静平衡位置处的特征值与模态振型</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Results are stale: the model changed after the run.</source>
        <translation>结果已过期:求解后模型已被修改。</translation>
    </message>
    <message>
        <source>The log of the latest run (all runs are kept in Messages).</source>
        <translation>最近一次求解的日志(所有求解记录保存在“消息”面板)。</translation>
    </message>
    <message>
        <source>Linear (modes)</source>
        <translation>线性化(模态)</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>警告:</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>错误:</translation>
    </message>
    <message>
        <source>The model does not compile; see the log.</source>
        <translation>模型无法编译;请查看日志。</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误:%1</translation>
    </message>
    <message>
        <source>The model is not valid; see the log.</source>
        <translation>模型无效;请查看日志。</translation>
    </message>
    <message>
        <source>, about %1 s left</source>
        <translation>,约剩 %1 s</translation>
    </message>
    <message>
        <source>Running %1...</source>
        <translation>正在进行%1...</translation>
    </message>
    <message>
        <source>%1 analysis of &apos;%2&apos; started (%3 bodies, %4 joints).</source>
        <translation>开始对 &apos;%2&apos; 进行%1(%3 个物体,%4 个铰)。</translation>
    </message>
    <message>
        <source>Cancel requested.</source>
        <translation>已请求取消。</translation>
    </message>
    <message>
        <source>The run of the previous model was stopped: the model was replaced.</source>
        <translation>上一个模型的求解已停止:模型已被替换。</translation>
    </message>
    <message>
        <source>1 output frame</source>
        <translation>1 个输出帧</translation>
    </message>
    <message>
        <source>%1 output frames</source>
        <translation>%1 个输出帧</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1:%2,%3</translation>
    </message>
    <message>
        <source>%1 %2 (%3).</source>
        <translation>%1 %2(%3)。</translation>
    </message>
    <message>
        <source>End time</source>
        <translation>终止时间</translation>
    </message>
    <message>
        <source>t = %1 %5 of %2 %5, %3 steps, step size %4 %5</source>
        <translation>t = %1 %5 / %2 %5,%3 步,步长 %4 %5</translation>
    </message>
</context>
<context>
    <name>mbs::ui::SolidDialog</name>
    <message>
        <source>Add solid</source>
        <translation>添加实体</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>长方体</translation>
    </message>
    <message>
        <source>Cylinder</source>
        <translation>圆柱</translation>
    </message>
    <message>
        <source>Sphere</source>
        <translation>球</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>零件</translation>
    </message>
    <message>
        <source>Solid</source>
        <translation>实体</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Centre and axes at</source>
        <translation>中心与坐标轴位于</translation>
    </message>
    <message>
        <source>Surface file</source>
        <translation>曲面文件</translation>
    </message>
    <message>
        <source>(part frame origin)</source>
        <translation>（零件坐标系原点）</translation>
    </message>
    <message>
        <source>Choose the part.</source>
        <translation>请选择零件。</translation>
    </message>
    <message>
        <source>The part &apos;%1&apos; is flexible: its shape comes from its modal data.</source>
        <translation>零件 &apos;%1&apos; 是柔性体：其形状来自模态数据。</translation>
    </message>
    <message>
        <source>A box needs three edge lengths greater than 0.</source>
        <translation>长方体需要三个大于 0 的边长。</translation>
    </message>
    <message>
        <source>A cylinder needs a radius and a length greater than 0.</source>
        <translation>圆柱需要大于 0 的半径和长度。</translation>
    </message>
    <message>
        <source>A sphere needs a radius greater than 0.</source>
        <translation>球需要大于 0 的半径。</translation>
    </message>
    <message>
        <source>Choose the surface file.</source>
        <translation>请选择曲面文件。</translation>
    </message>
    <message>
        <source>The file &apos;%1&apos; does not exist or cannot be read.</source>
        <translation>文件 &apos;%1&apos; 不存在或无法读取。</translation>
    </message>
    <message>
        <source>Edge lengths x, y, z</source>
        <translation>边长 x、y、z</translation>
    </message>
    <message>
        <source>Radius</source>
        <translation>半径</translation>
    </message>
    <message>
        <source>Length along z</source>
        <translation>沿 z 长度</translation>
    </message>
    <message>
        <source>Surface or CAD file (STL, OBJ, STEP, IGES)</source>
        <translation>曲面或 CAD 文件(STL、OBJ、STEP、IGES)</translation>
    </message>
    <message>
        <source>Surfaces and CAD solids (*.stl *.obj *.step *.stp *.iges *.igs *.brep);;All files (*)</source>
        <translation>曲面和 CAD 实体 (*.stl *.obj *.step *.stp *.iges *.igs *.brep);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a surface (STL, OBJ) or CAD (STEP, IGES, BREP) file; a Parasolid or other proprietary CAD file cannot be read: save the solid as STEP or STL.</source>
        <translation>“%1”不是曲面文件(STL、OBJ)或 CAD 文件(STEP、IGES、BREP);Parasolid 等专有 CAD 格式无法读取:请将实体另存为 STEP 或 STL。</translation>
    </message>
</context>
<context>
    <name>mbs::ui::SpectrumDialog</name>
    <message>
        <source>Spectrum</source>
        <translation>频谱</translation>
    </message>
    <message>
        <source>Rectangular</source>
        <translation>矩形窗</translation>
    </message>
    <message>
        <source>Hann</source>
        <translation>汉宁窗</translation>
    </message>
    <message>
        <source>Hamming</source>
        <translation>汉明窗</translation>
    </message>
    <message>
        <source>Flat top</source>
        <translation>平顶窗</translation>
    </message>
    <message>
        <source>Hann for separating close frequencies; flat top for accurate amplitudes between frequency bins; rectangular for whole periods in the range</source>
        <translation>汉宁窗用于分辨相近的频率；平顶窗在频率分辨点之间也能给出准确的幅值；矩形窗用于时间范围内恰为整周期的信号</translation>
    </message>
    <message>
        <source>Remove mean</source>
        <translation>去除均值</translation>
    </message>
    <message>
        <source>Export...</source>
        <translation>导出...</translation>
    </message>
    <message>
        <source>Window:</source>
        <translation>窗函数：</translation>
    </message>
    <message>
        <source>From:</source>
        <translation>起始：</translation>
    </message>
    <message>
        <source>To:</source>
        <translation>终止：</translation>
    </message>
    <message>
        <source>Frequency [Hz]</source>
        <translation>频率 [Hz]</translation>
    </message>
    <message>
        <source>Amplitude</source>
        <translation>幅值</translation>
    </message>
    <message>
        <source>Export spectrum</source>
        <translation>导出频谱</translation>
    </message>
    <message>
        <source>PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)</source>
        <translation>PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Amplitude %1</source>
        <translation>幅值 %1</translation>
    </message>
    <message>
        <source>Add curves to a subplot, then open the spectrum: it shows the curves of the last subplot.</source>
        <translation>先在子图中添加曲线，再打开频谱：频谱显示最后一个子图中的曲线。</translation>
    </message>
    <message>
        <source>Too few samples in the time range for a spectrum.</source>
        <translation>该时间范围内的采样点太少，无法计算频谱。</translation>
    </message>
    <message>
        <source>mbstudio spectrum</source>
        <translation>mbstudio 频谱</translation>
    </message>
    <message>
        <source>%1 samples from %2 %7 to %3 %7, resampled at the mean output step Δt = %4 %7; frequency resolution Δf = %5 Hz, up to %6 Hz</source>
        <translation>%1 个采样点,从 %2 %7 到 %3 %7,按平均输出步长 Δt = %4 %7 重采样;频率分辨率 Δf = %5 Hz,最高 %6 Hz</translation>
    </message>
</context>
<context>
    <name>mbs::ui::StudyMap</name>
    <message>
        <source>Run a study with two variables to see the map.</source>
        <translation>运行含两个变量的研究后显示分布图。</translation>
    </message>
</context>
<context>
    <name>mbs::ui::SystemElementsDialog</name>
    <message>
        <source>System elements</source>
        <translation>系统元素</translation>
    </message>
    <message>
        <source>Differential equation (DIFF)</source>
        <translation>微分方程 (DIFF)</translation>
    </message>
    <message>
        <source>Sensor (SENSOR)</source>
        <translation>传感器 (SENSOR)</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Hold in static analyses (STATIC_HOLD)</source>
        <translation>静力分析中保持不变 (STATIC_HOLD)</translation>
    </message>
    <message>
        <source>equals the value (within the error)</source>
        <translation>等于设定值（误差范围内）</translation>
    </message>
    <message>
        <source>is at least the value</source>
        <translation>不小于设定值</translation>
    </message>
    <message>
        <source>is at most the value</source>
        <translation>不大于设定值</translation>
    </message>
    <message>
        <source>none (only marks the time)</source>
        <translation>无（仅标记时刻）</translation>
    </message>
    <message>
        <source>HALT: end the run and the command file</source>
        <translation>HALT：结束本次计算及命令文件</translation>
    </message>
    <message>
        <source>RETURN: end this run</source>
        <translation>RETURN：结束本次计算</translation>
    </message>
    <message>
        <source>Write an output frame at the firing (PRINT)</source>
        <translation>触发时输出一帧结果 (PRINT)</translation>
    </message>
    <message>
        <source>Restart the integrator at first order (RESTART)</source>
        <translation>积分器以一阶重新起步 (RESTART)</translation>
    </message>
    <message>
        <source>optional: what SENVAL reads at the firing</source>
        <translation>可选：触发时 SENVAL 读取的表达式</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Element</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Initial value</source>
        <translation>初值</translation>
    </message>
    <message>
        <source>Fires when the function</source>
        <translation>触发条件：函数值</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>设定值</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>动作</translation>
    </message>
    <message>
        <source>Step after firing (0: none)</source>
        <translation>触发后的试探步长（0：不指定）</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>求值表达式</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>(new sensor)</source>
        <translation>（新建传感器）</translation>
    </message>
    <message>
        <source>(new differential equation)</source>
        <translation>（新建微分方程）</translation>
    </message>
    <message>
        <source>e.g. DZ(ball_cm) (the function the sensor watches)</source>
        <translation>例如 DZ(ball_cm)（传感器监视的函数）</translation>
    </message>
    <message>
        <source>dx/dt, e.g. (VARVAL(command) - DIF(lag)) / 0.05</source>
        <translation>dx/dt，例如 (VARVAL(command) - DIF(lag)) / 0.05</translation>
    </message>
    <message>
        <source>Name &apos;%1&apos;: use letters, digits and &apos;_&apos;, starting with a letter.</source>
        <translation>名称“%1”：只能使用字母、数字和“_”，并以字母开头。</translation>
    </message>
    <message>
        <source>Type the function the sensor watches.</source>
        <translation>请输入传感器监视的函数。</translation>
    </message>
    <message>
        <source>Type the derivative dx/dt as a function.</source>
        <translation>请以函数形式输入导数 dx/dt。</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>完成：%1</translation>
    </message>
    <message>
        <source>Spline (SPLINE)</source>
        <translation>样条 (SPLINE)</translation>
    </message>
    <message>
        <source>Implicit: 0 = function, reading its derivative as DIF1 (IMPLICIT)</source>
        <translation>隐式:0 = 函数,以 DIF1 读取自身导数 (IMPLICIT)</translation>
    </message>
    <message>
        <source>Add row</source>
        <translation>添加行</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <source>Beyond the data: the tangent line at the end (LINEAR_EXTRAPOLATE)</source>
        <translation>数据范围之外:沿端点切线外推 (LINEAR_EXTRAPOLATE)</translation>
    </message>
    <message>
        <source>Initial derivative (guess)</source>
        <translation>初始导数(估计值)</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>数据点</translation>
    </message>
    <message>
        <source>Interpolant</source>
        <translation>插值</translation>
    </message>
    <message>
        <source>(new spline)</source>
        <translation>（新建样条）</translation>
    </message>
    <message>
        <source>0 = F, e.g. DIF1(lag) - (VARVAL(command) - DIF(lag)) / 0.05</source>
        <translation>0 = F,例如 DIF1(lag) - (VARVAL(command) - DIF(lag)) / 0.05</translation>
    </message>
    <message>
        <source>Row %1, column %2: &apos;%3&apos; is not a number.</source>
        <translation>第 %1 行,%2 列:“%3”不是数字。</translation>
    </message>
    <message>
        <source>No interpolant yet: %1</source>
        <translation>尚无插值:%1</translation>
    </message>
    <message>
        <source>points</source>
        <translation>数据点</translation>
    </message>
    <message>
        <source>Transfer function (TFSISO)</source>
        <translation>传递函数 (TFSISO)</translation>
    </message>
    <message>
        <source>State equations (LSE)</source>
        <translation>状态方程 (LSE)</translation>
    </message>
    <message>
        <source>Plant input (PINPUT)</source>
        <translation>对象输入 (PINPUT)</translation>
    </message>
    <message>
        <source>Plant output (POUTPUT)</source>
        <translation>对象输出 (POUTPUT)</translation>
    </message>
    <message>
        <source>b0, b1, ... (ascending powers of s), e.g. 1</source>
        <translation>b0, b1, …(按 s 的升幂),例如 1</translation>
    </message>
    <message>
        <source>a0, a1, ... (ascending powers of s), e.g. 1, 0.1 for 1/(1 + 0.1 s)</source>
        <translation>a0, a1, …(按 s 的升幂),例如 1, 0.1 表示 1/(1 + 0.1 s)</translation>
    </message>
    <message>
        <source>by rows, e.g. 0 1; -39.48 -0.5</source>
        <translation>按行输入,例如 0 1; -39.48 -0.5</translation>
    </message>
    <message>
        <source>by rows; empty: none</source>
        <translation>按行输入;空:无</translation>
    </message>
    <message>
        <source>x(0), one number per state; empty: all 0</source>
        <translation>x(0),每个状态一个数;空:全为 0</translation>
    </message>
    <message>
        <source>VARIABLE names in order, e.g. torque_command, valve</source>
        <translation>按顺序列出变量名,例如 torque_command, valve</translation>
    </message>
    <message>
        <source>Numerator N(s)</source>
        <translation>分子 N(s)</translation>
    </message>
    <message>
        <source>Denominator D(s)</source>
        <translation>分母 D(s)</translation>
    </message>
    <message>
        <source>Input u</source>
        <translation>输入 u</translation>
    </message>
    <message>
        <source>A (states)</source>
        <translation>A(状态)</translation>
    </message>
    <message>
        <source>B (inputs)</source>
        <translation>B(输入)</translation>
    </message>
    <message>
        <source>C (outputs)</source>
        <translation>C(输出)</translation>
    </message>
    <message>
        <source>D (feedthrough)</source>
        <translation>D(直通)</translation>
    </message>
    <message>
        <source>Initial states</source>
        <translation>初始状态</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>u, e.g. VARVAL(command) or 1</source>
        <translation>u,例如 VARVAL(command) 或 1</translation>
    </message>
    <message>
        <source>u1; u2; ..., e.g. VARVAL(force_in)</source>
        <translation>u1; u2; …,例如 VARVAL(force_in)</translation>
    </message>
    <message>
        <source>(new transfer function)</source>
        <translation>(新建传递函数)</translation>
    </message>
    <message>
        <source>(new state equations)</source>
        <translation>(新建状态方程)</translation>
    </message>
    <message>
        <source>(new plant input)</source>
        <translation>(新建对象输入)</translation>
    </message>
    <message>
        <source>(new plant output)</source>
        <translation>(新建对象输出)</translation>
    </message>
    <message>
        <source>Name the VARIABLEs of the plant %1, in order, separated by commas.</source>
        <translation>请按顺序列出对象%1的变量,以逗号分隔。</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is already a transfer function or state equations: choose it in the list to change it.</source>
        <translation>“%1”已是传递函数或状态方程:请在列表中选择它以进行修改。</translation>
    </message>
    <message>
        <source>Numerator: %1</source>
        <translation>分子:%1</translation>
    </message>
    <message>
        <source>Denominator: %1</source>
        <translation>分母:%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>Initial states: %1</source>
        <translation>初始状态:%1</translation>
    </message>
</context>
<context>
    <name>mbs::ui::TopologyPanel</name>
    <message>
        <source>&lt;b&gt;DOF (Gruebler)&lt;/b&gt;: %1 %2 — with motions: %3&lt;br&gt;%4 moving parts, %5 constraint equations, %6 motion equations, %7 closed loop(s), %8 component(s)</source>
        <translation>&lt;b&gt;自由度(Grübler 公式)&lt;/b&gt;:%1 %2 — 计入驱动:%3&lt;br&gt;%4 个运动物体,%5 个约束方程,%6 个驱动方程,%7 个闭环,%8 个连通分量</translation>
    </message>
    <message>
        <source>(planar)</source>
        <translation>(平面)</translation>
    </message>
    <message>
        <source>(spatial)</source>
        <translation>(空间)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;DOF (rank of the constraint Jacobian)&lt;/b&gt;: %1, %2 redundant equation(s)%3</source>
        <translation>&lt;br&gt;&lt;b&gt;自由度(约束雅可比矩阵的秩)&lt;/b&gt;:%1,%2 个冗余约束方程%3</translation>
    </message>
    <message>
        <source> — at the initial positions (does not assemble)</source>
        <translation> — 按初始位置计算(无法装配)</translation>
    </message>
    <message>
        <source>Loop %1: %2 — suggested cut: %3</source>
        <translation>闭环 %1:%2 — 建议切断铰:%3</translation>
    </message>
    <message>
        <source>⚠ Redundant: %1</source>
        <translation>⚠ 冗余约束:%1</translation>
    </message>
    <message>
        <source>Open tree: no loops, no problems.</source>
        <translation>开环树系统:无闭环,无问题。</translation>
    </message>
    <message>
        <source>%1 (%2)%3</source>
        <translation>%1(%2)%3</translation>
    </message>
    <message>
        <source>%1: not connected to ground</source>
        <translation>%1:未与大地相连</translation>
    </message>
    <message>
        <source>constraint element</source>
        <translation>约束元</translation>
    </message>
    <message>
        <source>chosen by DMBS</source>
        <translation>DMBS 自动选择</translation>
    </message>
    <message>
        <source>joint primitive, always cut</source>
        <translation>约束元,总是切断</translation>
    </message>
    <message>
        <source>tree joint</source>
        <translation>树铰</translation>
    </message>
    <message>
        <source>cut joint (constraint element)</source>
        <translation>切断铰(约束元)</translation>
    </message>
    <message>
        <source>cut joint (chosen by DMBS)</source>
        <translation>切断铰(DMBS 自动选择)</translation>
    </message>
    <message>
        <source>The DMBS (joint-coordinate) formulation integrates the tree joints&apos; coordinates and adds the cut joints&apos; constraint equations. Right-click a joint to mark or unmark it as a constraint element.</source>
        <translation>DMBS(铰坐标)形式对树铰的铰坐标积分,并补充切断铰的约束方程。右击一个铰可将其指定为约束元或取消指定。</translation>
    </message>
    <message>
        <source>Constraint element (cut joint)</source>
        <translation>约束元(切断铰)</translation>
    </message>
    <message>
        <source>DMBS cuts this joint rather than making it a tree joint</source>
        <translation>DMBS 切断此铰,而不把它作为树铰</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;DMBS cut joints&lt;/b&gt;: %1</source>
        <translation>&lt;br&gt;&lt;b&gt;DMBS 切断铰&lt;/b&gt;:%1</translation>
    </message>
    <message>
        <source>none (open tree)</source>
        <translation>无(开环树系统)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;DMBS cut joints&lt;/b&gt;: not known — %1</source>
        <translation>&lt;br&gt;&lt;b&gt;DMBS 切断铰&lt;/b&gt;:未知 — %1</translation>
    </message>
    <message>
        <source>Loop %1: %2 — cut joint: %3 (%4)</source>
        <translation>闭环 %1:%2 — 切断铰:%3(%4)</translation>
    </message>
    <message>
        <source> — cut joint (%1)</source>
        <translation> — 切断铰(%1)</translation>
    </message>
    <message>
        <source>cut: %1</source>
        <translation>切断:%1</translation>
    </message>
    <message>
        <source>beam, bushing or field</source>
        <translation>梁、衬套或场</translation>
    </message>
    <message>
        <source>%1 (%2): connects, not a joint</source>
        <translation>%1(%2):连接,但不是铰</translation>
    </message>
</context>
<context>
    <name>mbs::ui::UnitsDialog</name>
    <message>
        <source>Units</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>MKS (m, kg, N, s)</source>
        <translation>MKS (m, kg, N, s)</translation>
    </message>
    <message>
        <source>MMKS (mm, kg, N, s)</source>
        <translation>MMKS (mm, kg, N, s)</translation>
    </message>
    <message>
        <source>CGS (cm, g, dyne, s)</source>
        <translation>CGS (cm, g, dyne, s)</translation>
    </message>
    <message>
        <source>IPS (in, lbm, lbf, s)</source>
        <translation>IPS (in, lbm, lbf, s)</translation>
    </message>
    <message>
        <source>FPS (ft, lbm, lbf, s)</source>
        <translation>FPS (ft, lbm, lbf, s)</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Degrees (deg)</source>
        <translation>度 (deg)</translation>
    </message>
    <message>
        <source>Radians (rad)</source>
        <translation>弧度 (rad)</translation>
    </message>
    <message>
        <source>Unit system</source>
        <translation>单位制</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Mass</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Force</source>
        <translation>力</translation>
    </message>
    <message>
        <source>Angle</source>
        <translation>角度</translation>
    </message>
    <message>
        <source>Every number field, plot axis and export shows and takes values in these units. The model is kept and saved in SI, so changing the units never changes the model.</source>
        <translation>所有数值输入框、曲线坐标轴和导出文件都以这些单位显示和输入数值。模型始终以国际单位制保存,因此更改单位不会改变模型本身。</translation>
    </message>
    <message>
        <source>Derived units: inertia %1, stiffness %2, damping %3, torque %4, angular velocity %5, acceleration %6.</source>
        <translation>导出单位:转动惯量 %1,刚度 %2,阻尼 %3,力矩 %4,角速度 %5,加速度 %6。</translation>
    </message>
    <message>
        <source>The units could not be set: %1</source>
        <translation>无法设置单位:%1</translation>
    </message>
</context>
<context>
    <name>mbs::ui::linear_systems</name>
    <message>
        <source>&apos;%1&apos; is not a number.</source>
        <translation>“%1”不是数字。</translation>
    </message>
    <message>
        <source>row %1 has %2 numbers, the first row %3</source>
        <translation>第 %1 行有 %2 个数,第一行有 %3 个</translation>
    </message>
    <message>
        <source>The denominator needs at least two coefficients (a first-order term): the transfer function has no state otherwise.</source>
        <translation>分母至少需要两个系数(含一次项):否则传递函数没有状态。</translation>
    </message>
    <message>
        <source>Type the numerator&apos;s coefficients.</source>
        <translation>请输入分子的系数。</translation>
    </message>
    <message>
        <source>The numerator&apos;s degree (%1) is above the denominator&apos;s (%2): the transfer function is not proper.</source>
        <translation>分子的次数(%1)高于分母的次数(%2):传递函数不是正则的。</translation>
    </message>
    <message>
        <source>Type the input u (an expression, e.g. VARVAL(command) or 1).</source>
        <translation>请输入输入 u(表达式,例如 VARVAL(command) 或 1)。</translation>
    </message>
    <message>
        <source>A must be square with one row per state (it is %1 x %2).</source>
        <translation>A 必须是方阵,每个状态一行(现为 %1 x %2)。</translation>
    </message>
    <message>
        <source>%1 is %2 x %3; with %4 states, %5 inputs and %6 outputs it must be %7 x %8.</source>
        <translation>%1 为 %2 x %3;对于 %4 个状态、%5 个输入和 %6 个输出,它必须为 %7 x %8。</translation>
    </message>
    <message>
        <source>B and D multiply the inputs u: type the inputs (one expression each, separated by &apos;;&apos;).</source>
        <translation>B 和 D 与输入 u 相乘:请输入各输入(每个一个表达式,以“;”分隔)。</translation>
    </message>
    <message>
        <source>The initial states are %1 numbers; the element has %2 states.</source>
        <translation>初始状态有 %1 个数;该元素有 %2 个状态。</translation>
    </message>
</context>
</TS>
