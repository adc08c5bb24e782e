#include "StudyBinding.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "Document.hpp"
#include "Errors.hpp"
#include "JsonBridge.hpp"
#include "Run.hpp"
#include "mbs/core/StudyFiles.hpp"
#include "mbs/core/StudyRun.hpp"

namespace py = pybind11;

namespace mbs::python {
namespace {

// Stops a study's runs at their next step when the script cancels.
class StudyMonitor : public solver::ProgressMonitor {
public:
  StudyMonitor(const std::atomic<bool>& stop, std::shared_ptr<CancelToken> token)
      : m_stop(stop), m_token(std::move(token))
  {
  }
  bool cancelRequested() const override { return m_stop.load() || (m_token && m_token->cancelled()); }

private:
  const std::atomic<bool>& m_stop;
  std::shared_ptr<CancelToken> m_token;
};

class StudyHandle {
public:
  StudyHandle(core::Study study, core::StudyPlan plan) : m_study(std::move(study)), m_plan(std::move(plan)) {}

  static std::unique_ptr<StudyHandle> load(const std::string& path)
  {
    core::StudyLoad loaded = core::loadStudy(path);
    throwIfAny("StudyError", "cannot read the study '" + path + "'", loaded.errors);
    core::Diagnostics errors;
    auto plan = core::StudyPlan::prepare(*loaded.study, errors);
    throwIfAny("StudyError", "the study '" + path + "' does not fit its model", errors);
    return std::make_unique<StudyHandle>(std::move(*loaded.study), std::move(*plan));
  }

  // `form`: the study file's contents (docs/design-studies.md) without a model file; the model is doc's.
  static std::unique_ptr<StudyHandle> build(const Document& doc, py::handle form)
  {
    nlohmann::ordered_json j = toJson(form);
    j["format"] = "mbstudio-study";
    j["version"] = 1;
    j["model"] = doc.source().empty() ? std::string("model") : doc.source();
    core::StudyLoad loaded = core::studyFromString(j.dump(), "study");
    for (auto& e : loaded.errors)
      e.file.clear();
    throwIfAny("StudyError", "invalid study", loaded.errors);
    core::Diagnostics errors;
    auto plan = core::StudyPlan::prepare(*loaded.study, doc.model(), errors);
    for (auto& e : errors)
      e.file.clear();
    throwIfAny("StudyError", "the study does not fit the model", errors);
    return std::make_unique<StudyHandle>(std::move(*loaded.study), std::move(*plan));
  }

  std::vector<std::string> variables() const
  {
    std::vector<std::string> out;
    for (const auto& v : m_study.variables)
      out.push_back(v.name);
    return out;
  }
  std::vector<std::string> responses() const
  {
    std::vector<std::string> out;
    for (const auto& r : m_study.responses)
      out.push_back(r.name);
    return out;
  }
  py::array_t<double> runs() const
  {
    const auto& runs = m_plan.runs();
    const std::size_t cols = m_study.variables.size();
    py::array_t<double> out({runs.size(), cols});
    auto view = out.mutable_unchecked<2>();
    for (std::size_t r = 0; r < runs.size(); ++r)
      for (std::size_t c = 0; c < cols; ++c)
        view(r, c) = runs[r][c];
    return out;
  }
  const std::vector<std::string>& columns() const { return m_plan.columns(); }
  std::string file() const { return m_study.file; }
  std::string modelPath() const { return m_study.modelPath; }

  // Runs the study's pending runs `jobs` at a time; returns one dict per run (None: not run).
  py::list run(int jobs, std::optional<std::string> workdir, py::object progress,
               std::shared_ptr<CancelToken> token)
  {
    std::optional<core::StudyWorkdir> dir;
    if (workdir) {
      std::string error;
      dir = core::StudyWorkdir::open(*workdir, m_plan, error);
      if (!dir)
        throw DiagnosticsError("StudyError", "cannot use the work directory", {{*workdir, 0, {}, {}, error}});
    }
    const std::size_t total = m_plan.runs().size();
    std::vector<std::optional<core::StudyRunOutcome>> outcomes(total);
    std::vector<std::size_t> pending;
    for (std::size_t k = 0; k < total; ++k) {
      if (dir)
        outcomes[k] = dir->readOutcome(k);
      if (!outcomes[k])
        pending.push_back(k);
    }
    if (jobs <= 0)
      jobs = int(std::max(1u, std::thread::hardware_concurrency()));
    jobs = int(std::min<std::size_t>(std::size_t(jobs), std::max<std::size_t>(pending.size(), 1)));
    const py::module_ threading = py::module_::import("threading");
    const bool mainThread = threading.attr("current_thread")().is(threading.attr("main_thread")());

    std::atomic<bool> stop{false};
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::condition_variable changed;
    std::size_t done = total - pending.size(), failed = 0, finishedWorkers = 0;
    std::unique_ptr<py::error_already_set> error;
    std::string writeError;
    {
      py::gil_scoped_release release;
      auto worker = [&] {
        StudyMonitor monitor(stop, token);
        for (std::size_t n; !monitor.cancelRequested() && (n = next++) < pending.size();) {
          const std::size_t k = pending[n];
          core::StudyRunOutcome outcome = m_plan.run(k, dir ? dir->resultPath(k) : std::string(), &monitor);
          if (monitor.cancelRequested())
            break;  // a cancelled run is not finished: a restart does it again
          if (dir && !dir->writeOutcome(outcome)) {
            std::lock_guard lock(mutex);
            writeError = "cannot write '" + dir->outcomePath(k) + "'";
          }
          std::lock_guard lock(mutex);
          failed += !outcome.ok;
          outcomes[k] = std::move(outcome);
          ++done;
          changed.notify_all();
        }
        std::lock_guard lock(mutex);
        ++finishedWorkers;
        changed.notify_all();
      };
      std::vector<std::thread> workers;
      for (int w = 0; w < jobs; ++w)
        workers.emplace_back(worker);
      // This thread reports progress and watches for Ctrl+C while the workers run.
      std::size_t reported = std::size_t(-1);
      for (;;) {
        std::unique_lock lock(mutex);
        changed.wait_for(lock, std::chrono::milliseconds(100));
        const bool allDone = finishedWorkers == std::size_t(jobs);
        const std::size_t nowDone = done, nowFailed = failed;
        lock.unlock();
        if (!error && (mainThread || (!progress.is_none() && nowDone != reported))) {
          py::gil_scoped_acquire gil;
          try {
            if (mainThread && PyErr_CheckSignals() != 0)
              throw py::error_already_set();
            if (!progress.is_none() && nowDone != reported) {
              reported = nowDone;
              if (progress(nowDone, total, nowFailed).is(py::bool_(false)))
                stop = true;
            }
          } catch (py::error_already_set& e) {
            error = std::make_unique<py::error_already_set>(std::move(e));
            stop = true;
          }
        }
        if (allDone)
          break;
      }
      for (auto& w : workers)
        w.join();
    }
    if (error)
      throw std::move(*error);
    if (dir) {
      std::string summaryError;
      if (!dir->writeSummary(summaryError))
        writeError = summaryError;
    }
    if (!writeError.empty())
      throw DiagnosticsError("StudyError", "cannot write the study's files",
                             {{*workdir, 0, {}, {}, writeError}});
    py::list out;
    for (const auto& o : outcomes) {
      if (!o) {
        out.append(py::none());
        continue;
      }
      py::dict d;
      d["index"] = o->index;
      d["variables"] = o->variables;
      d["responses"] = o->responses;
      d["ok"] = o->ok;
      d["message"] = o->message;
      out.append(d);
    }
    return out;
  }

private:
  core::Study m_study;
  core::StudyPlan m_plan;
};

}  // namespace

void registerStudy(py::module_& m)
{
  py::class_<StudyHandle>(m, "_Study")
      .def_static("load", &StudyHandle::load, py::arg("path"))
      .def_static("build", &StudyHandle::build, py::arg("doc"), py::arg("form"))
      .def_property_readonly("variables", &StudyHandle::variables)
      .def_property_readonly("responses", &StudyHandle::responses)
      .def_property_readonly("columns", &StudyHandle::columns)
      .def_property_readonly("file", &StudyHandle::file)
      .def_property_readonly("model_path", &StudyHandle::modelPath)
      .def("runs", &StudyHandle::runs)
      .def("run", &StudyHandle::run, py::arg("jobs"), py::arg("workdir"), py::arg("progress"),
           py::arg("cancel"));
}

}  // namespace mbs::python
