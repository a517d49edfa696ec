#!/usr/bin/env bash
# Run every test: the rules crate (unit, rules cases, broken scenarios, determinism, random
# commands), the client's unit tests and the command line. Needs no system packages.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/env.sh
exec cargo test --workspace --locked "$@"
