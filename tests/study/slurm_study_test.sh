#!/usr/bin/env bash
# mbsolve study --slurm against a real Slurm: installs Debian's slurm-wlm and munge if missing,
# starts munged and a single-node slurmctld + slurmd on this machine (configuration in a temporary
# directory, ports 26817/26818), submits the spring-mass study as a job array, collects it and checks
# that the summary equals the local run's byte for byte. Needs root and apt-get (exit 77 = skipped
# otherwise). Usage: slurm_study_test.sh MBSOLVE
set -uo pipefail
MBSOLVE="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
HERE="$(cd "$(dirname "$0")" && pwd)"
skip() { echo "SKIP: $*"; exit 77; }
die() { echo "FAIL: $*"; exit 1; }

[[ $(id -u) -eq 0 ]] || skip "needs root (installs and starts Slurm)"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  command -v apt-get >/dev/null || skip "slurm-wlm and munge are not installed and there is no apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends slurm-wlm munge >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends slurm-wlm munge >/dev/null; } ||
    die "cannot install slurm-wlm and munge"
fi
export PATH="$PATH:/usr/sbin:/sbin"

work=$(mktemp -d /tmp/mbs-slurm.XXXXXX)
chmod 755 "$work"
started_munge=""
cleanup() {
  for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid"; do
    [[ -s "$pidfile" ]] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  [[ -n "$started_munge" && -s /run/munge/munged.pid ]] && kill "$(cat /run/munge/munged.pid)" 2>/dev/null
  sleep 0.5
  rm -rf "$work"
}
trap cleanup EXIT
show_logs() {
  for f in "$work"/slurmctld.log "$work"/slurmd.log "$work"/sm_slurm/slurm/*.out; do
    [[ -e "$f" ]] && { echo "--- $f"; tail -n 20 "$f"; }
  done
}

# munge: the key the package made (or a new one), the daemon as the munge user.
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  if [[ ! -s /etc/munge/munge.key ]]; then
    (command -v mungekey >/dev/null && mungekey --create --force) ||
      dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 2>/dev/null
  fi
  chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  runuser -u munge -- /usr/sbin/munged --force || die "munged does not start"
  started_munge=yes
  for _ in $(seq 1 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
  munge -n | unmunge >/dev/null || die "munge does not work"
fi

# A one-node cluster on this machine.
host=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
cat >"$work/slurm.conf" <<CONF
ClusterName=mbstest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=26817
SlurmdPort=26818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=mbsnode NodeAddr=127.0.0.1 NodeHostname=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=mbsnode Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -i || { show_logs; die "slurmctld does not start"; }
slurmd -N mbsnode || { show_logs; die "slurmd does not start"; }
for _ in $(seq 1 100); do
  sinfo -h -N -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)' && break
  sleep 0.2
done
sinfo -h -N -o '%N %t' 2>/dev/null | grep -qE 'idle|mix|alloc' || { sinfo; show_logs; die "the node does not come up"; }
echo "ok   single-node Slurm up: $(sinfo -h -N -o '%N %t %c')"

# The study locally and through Slurm.
cp "$HERE/spring_mass.study.json" "$work/study.json"
sed -i "s|\"../data/study/|\"$HERE/../data/study/|" "$work/study.json"
"$MBSOLVE" study "$work/study.json" --workdir "$work/sm_local" --quiet || die "local study failed"
"$MBSOLVE" study "$work/study.json" --workdir "$work/sm_slurm" --slurm >"$work/job" 2>"$work/err" ||
  { cat "$work/err"; show_logs; die "mbsolve study --slurm failed"; }
job=$(cat "$work/job")
echo "ok   submitted job array $job: $(head -1 "$work/err")"
grep -q -- "--array=0-2" "$work/sm_slurm/slurm/study.sbatch" && echo "ok   6 runs, 2 per task: 3 array tasks" ||
  die "array of $(grep array "$work/sm_slurm/slurm/study.sbatch")"
rc=3
for _ in $(seq 1 600); do
  "$MBSOLVE" study "$work/study.json" --workdir "$work/sm_slurm" --collect 2>"$work/collect"
  rc=$?
  [[ $rc -ne 3 ]] && break
  sleep 0.2
done
[[ $rc -eq 0 ]] || { cat "$work/collect"; squeue; show_logs; die "collect: exit $rc"; }
echo "ok   collected: $(cat "$work/collect")"
tasks=$(ls "$work/sm_slurm/slurm/"task_*.out 2>/dev/null | wc -l)
[[ $tasks -eq 3 ]] && echo "ok   3 task logs" || die "$tasks task logs, expected 3"
cmp "$work/sm_local/summary.csv" "$work/sm_slurm/summary.csv" ||
  { diff "$work/sm_local/summary.csv" "$work/sm_slurm/summary.csv"; die "Slurm summary differs from the local one"; }
echo "ok   Slurm summary = local summary:"
sed 's/^/     /' "$work/sm_slurm/summary.csv"
# A lost run (its outcome deleted) is submitted again alone, with its own run list.
rm "$work/sm_slurm/runs/run_0004.json"
"$MBSOLVE" study "$work/study.json" --workdir "$work/sm_slurm" --slurm 2>"$work/err" >/dev/null ||
  { cat "$work/err"; die "resubmission failed"; }
grep -q "1 runs in 1 tasks" "$work/err" && [[ -e "$work/sm_slurm/slurm/pending_2.txt" ]] &&
  echo "ok   resubmitted the one unfinished run (pending_2.txt)" || die "resubmission: $(cat "$work/err")"
for _ in $(seq 1 600); do
  "$MBSOLVE" study "$work/study.json" --workdir "$work/sm_slurm" --collect 2>/dev/null && break
  sleep 0.2
done
cmp "$work/sm_local/summary.csv" "$work/sm_slurm/summary.csv" && echo "ok   summary after the resubmission = local summary" ||
  die "summary after the resubmission differs"
# Submitting again has nothing to do.
"$MBSOLVE" study "$work/study.json" --workdir "$work/sm_slurm" --slurm 2>"$work/err" >/dev/null
grep -q "nothing to submit" "$work/err" && echo "ok   resubmit: nothing to submit" || die "resubmit: $(cat "$work/err")"
echo "0 failure(s)"
