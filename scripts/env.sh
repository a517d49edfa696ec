# Shared setup for play.sh, test.sh and .ci/run (sourced, not run).
#
# One persistent target directory outside the clone, so every checkout on this machine (and CI's
# fresh clone) reuses the same build and only recompiles what changed.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/steelgrid-target}"
mkdir -p "$CARGO_TARGET_DIR"

# Install the named Debian packages that are missing (as root, or through sudo).
need_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "steelgrid: installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Add a rustup target or component if it is missing.
need_rust_target() {
    rustup target list --installed | grep -qx "$1" || rustup target add "$1"
}
need_rust_component() {
    rustup component list --installed | grep -q "^$1" || rustup component add "$1"
}

# Install a cargo tool at an exact version unless that version is already on the PATH.
# `need_cargo_tool <crate> <version> [cargo install flags]`; the binary is the crate name
# without a `-cli` suffix.
need_cargo_tool() {
    local crate=$1 version=$2 bin=${1%-cli}
    shift 2
    if "$bin" --version 2>/dev/null | grep -qw "$version"; then
        return 0
    fi
    echo "steelgrid: installing $crate $version" >&2
    cargo install "$crate@$version" "$@"
}
