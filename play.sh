#!/usr/bin/env bash
# Build Steelgrid and open it at its title screen. Arguments go to the game:
#   ./play.sh                                   the title screen (then pick a scenario and seats)
#   ./play.sh play scenarios/mill_ambush.ron    straight into a scenario file's battle
#   ./play.sh --screenshot title.png            save a screenshot once the window is drawn, then quit
set -euo pipefail
cd "$(dirname "$0")"
source scripts/env.sh
# Runtime libraries: Vulkan with Mesa's software driver (works without a GPU) and X11 client libs.
need_packages libvulkan1 mesa-vulkan-drivers libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0
if [ -z "${DISPLAY:-}" ]; then
    # No screen (a server or CI machine): run on a virtual X display.
    need_packages xvfb xauth
    export DISPLAY=:99
    if ! xdpyinfo -display "$DISPLAY" >/dev/null 2>&1 && ! pgrep -f "Xvfb $DISPLAY" >/dev/null; then
        echo "steelgrid: no display found; starting a virtual one (Xvfb $DISPLAY)" >&2
        Xvfb "$DISPLAY" -screen 0 1280x800x24 >/dev/null 2>&1 &
        sleep 1
    fi
fi
exec cargo run --locked --bin steelgrid -- "$@"
