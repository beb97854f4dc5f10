#!/usr/bin/env bash
# Installs the Debian 12 packages Xylem needs. Idempotent: packages already present are left
# alone, so running it twice costs one dpkg query.
#   install-deps.sh            everything: build, test and run (CI and README call it so)
#   install-deps.sh --runtime  only what the installed programs need to run (as the .deb's
#                              dependencies: shared libraries, Qt's plugins, the tools they start)
# Runs as root (no sudo); as another user it says what to install instead of failing half-way.
set -euo pipefail

# What Xylem's programs use when they run: the shared libraries they link, Qt's platform, SVG
# and SQLite plugins and translations, mpirun (xylem-cli mpi, the GUI's MPI recording), ssh (the
# default launcher), and what integrates the package (MIME, desktop, icons, completion, man).
runtime=(
  libqt6widgets6 libqt6printsupport6 libqt6concurrent6 libqt6svg6 qt6-qpa-plugins
  qt6-translations-l10n libqt6sql6-sqlite libqcustomplot2.1-qt6
  libsqlite3-0 sqlite3 libssl3 libopen-trace-format2-10 libopenmpi3 openmpi-bin liblttng-ust1
  libspdlog1.10 openssh-client
  hicolor-icon-theme shared-mime-info desktop-file-utils bash-completion man-db
)

# What building and testing need on top: compilers and headers, the generators of translations
# and man pages, the validators of the package's metadata, and what the tests run.
# openssh-server: the sshd that tests/cluster runs in each emulated host (ssh as the launcher).
# slurmctld, slurmd, slurm-client, munge: the Slurm that tests/cluster/slurm runs across them.
build=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev
  libqcustomplot-dev
  libsqlite3-dev libboost-dev nlohmann-json3-dev libssl-dev
  libotf2-trace-dev otf2-tools libopenmpi-dev hpcc liblttng-ust-dev lttng-tools
  gfortran # mpif90 builds the Fortran MPI programs of tst_mpifortran (tests/data/mpi/fortran)
  xvfb xauth iproute2 openssh-server
  slurmctld slurmd slurm-client munge
  libcli11-dev libspdlog-dev help2man appstream
  clang-14 libclang-rt-14-dev # libFuzzer and the sanitizers of the fuzz build (tests/fuzz)
  python3 # the checkers of the docs and of the Perfetto export (tests/docs, tests/support)
)

case "${1:-}" in
  "") packages=("${build[@]}" "${runtime[@]}") ;;
  --runtime) packages=("${runtime[@]}") ;;
  -h | --help)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "install-deps: unknown argument '$1' (none installs everything; --runtime)" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run this script as root, or: apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
