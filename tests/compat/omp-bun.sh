#!/usr/bin/env bash
# omp-bun.sh ARGS… — oh-my-pi's Bun (RAMO_OMP_BUN) run with HOME and the XDG folders in
# RAMO_OMP_HOME, a folder of the calling script's own. Bun reads HOME once, when it starts: a
# script that sets process.env.HOME later does not keep oh-my-pi from writing its session
# index, its history and its blobs under the user's ~/.omp.
set -u
home="${RAMO_OMP_HOME:?RAMO_OMP_HOME names the folder oh-my-pi is to use as HOME}"
mkdir -p "$home"
# the agents stay where the user's HOME has them
export RAMO_AGENTS_DIR="${RAMO_AGENTS_DIR:-$HOME/.cache/ramo-agents}"
export RAMO_PI_DIR="${RAMO_PI_DIR:-$HOME/.cache/ramo-pi}"
HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
    XDG_CACHE_HOME="$home/.cache" XDG_STATE_HOME="$home/.local/state" \
    exec "${RAMO_OMP_BUN:?RAMO_OMP_BUN names oh-my-pi Bun}" "$@"
