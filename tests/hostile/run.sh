#!/bin/sh
# tests/hostile/run.sh - pages written to hurt, generated at test time:
# pith must answer each within a time and memory bound, with a proper
# exit status and no terminal control in what it prints.  The cases and
# checks are in hostile.py; PITH names the binary (see tests/lib.sh).
: "${PITH:?PITH must name the pith binary}"
exec python3 "$(dirname "$0")/hostile.py"
