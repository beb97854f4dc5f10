#!/usr/bin/env bash
# Installs every Debian 12 package Xylem needs to build, run and test. Idempotent: packages
# already present are left alone, so running it twice costs one dpkg query.
# Runs as root (no sudo); as another user it says what to install instead of failing half-way.
set -euo pipefail

# openssh-server: the sshd that tests/cluster runs in each emulated host (ssh as the launcher).
# slurmctld, slurmd, slurm-client, munge: the Slurm that tests/cluster/slurm runs across them.
packages=(
  build-essential cmake ninja-build pkg-config git
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n qt6-svg-dev
  libqt6sql6-sqlite libqt6svg6
  libqcustomplot-dev libqcustomplot2.1-qt6
  libsqlite3-dev sqlite3 libboost-dev nlohmann-json3-dev libssl-dev
  libotf2-trace-dev otf2-tools libopenmpi-dev openmpi-bin hpcc liblttng-ust-dev lttng-tools
  xvfb xauth iproute2 openssh-server
  slurmctld slurmd slurm-client munge
  libcli11-dev libspdlog-dev help2man appstream desktop-file-utils shared-mime-info
  bash-completion man-db
)

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
