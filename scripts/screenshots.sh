#!/usr/bin/env bash
# Take every screenshot in docs/screenshots/ from the running game, under Xvfb with Mesa's
# software renderer (llvmpipe): `scripts/screenshots.sh [out-dir]`. Installs Xvfb and Mesa's
# Vulkan driver when they are missing (Debian). The web build's picture (web-board.png) is taken
# by web/test instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
out=${1:-docs/screenshots}
mkdir -p "$out"

need_packages xvfb mesa-vulkan-drivers
cargo build --locked
bin="$CARGO_TARGET_DIR/debug/steelgrid"

display=:97
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
work=$(mktemp -d)
sleep 1
# Default settings, whatever this machine's own are.
export STEELGRID_SETTINGS="$work/settings.ron" DISPLAY="$display"
# No campaign saved: the title offers no "Continue campaign".
export STEELGRID_SAVES="$work/saves"

shot() {
    local name=$1
    shift
    echo "==> $name"
    # Each picture from the defaults: nothing learned, no lesson skipped.
    rm -f "$work/settings.ron"
    "$bin" "$@" --screenshot "$out/$name.png" 2>"$work/$name.log" || {
        cat "$work/$name.log" >&2
        exit 1
    }
}

# A finished game (the AI on both sides) for the results and the replay.
"$bin" sim mill_ambush --ai both --record "$work/game.ron" >/dev/null
# The collisions demonstration played through, for the log and the explainer.
"$bin" sim demo_collisions --record "$work/collisions.ron" >/dev/null

shot native-d20-skirmish play scenarios/d20/skirmish.ron --ai both --screenshot-after 4
shot native-d20-preview play scenarios/d20/demo_flanking.ron --commands scripts/shots/d20_flank.ron \
    --hover 4,3 --screenshot-after 1
shot native-d20-injury play scenarios/d20/demo_injury.ron --screenshot-after 2.6
# The picker on the d20 group (six steps up from the first scenario).
shot native-picker-d20 play mill_ambush --screen picker \
    --keys ArrowUp,ArrowUp,ArrowUp,ArrowUp,ArrowUp,ArrowUp --screenshot-after 4
# A Miniatures skirmish mid-round, the AI on both sides, and the line demonstration at its end.
shot native-miniatures-battle play miniatures/warband_battle --ai both --screenshot-after 9
shot native-miniatures-line play miniatures/demo_line --screenshot-after 6
# Set-up: player Two has taken the West Bank (the warbands change sides) and deploys.
shot native-miniatures-deploy play miniatures/warband_battle --hotseat --keys Digit1,Tab,Tab \
    --hover 3,5 --screenshot-after 3
# Round 2 hot-seat: the Shieldguard and the Captain flank the goblin, its hit chance with combat
# advantage listed.
shot native-miniatures-preview play miniatures/warband_battle --hotseat \
    --commands scripts/shots/miniatures_flank.ron --hover 10,4 --keys Digit1 --screenshot-after 2
shot native-title play mill_ambush --screen title
# The built-in campaign: its party screen (the suggested party chosen), and its opening page.
shot native-campaign-party --screen campaign
shot native-campaign-story --screen campaign --keys Enter --screenshot-after 3
shot native-campaign-battle --screen campaign --keys Enter,Enter,Enter --screenshot-after 5
shot native-picker play mill_ambush --screen picker
# Two people share the heroes against the AI Director.
shot native-seats play mill_ambush --screen seats \
    --keys ArrowUp,ArrowUp,ArrowUp,ArrowUp,ArrowRight --screenshot-after 4
shot native-board play mill_ambush
shot native-acting play mill_ambush --commands scripts/shots/acting.ron
# Iron Sweep aimed at a cutter with a wall behind it: each tier's odds, damage and push.
shot native-ability-aim play scripts/shots/wall_push.ron \
    --commands scripts/shots/wall_push_turn.ron --aim 1@4,2
# The log after the collisions, with the explainer on the hound slammed into the wall.
shot native-explainer resume "$work/collisions.ron" --explain 2
shot native-demo play demo_collisions --screenshot-after 25
shot native-handoff play mill_ambush --hotseat
shot native-handoff-player play mill_ambush --players 2 --keys Enter,KeyH,Tab,Tab,Enter \
    --screenshot-after 3
shot native-ai-director play mill_ambush --ai both --screenshot-after 6
shot native-dice play mill_ambush --ai both --screenshot-live --screenshot-after 2
shot native-tooltip play mill_ambush --hover 14,2
# A cutter leaving Brann's reach waits while Brann's player is asked.
shot native-opportunity-ask play scripts/shots/leaving.ron --commands scripts/shots/leaving_turns.ron
shot native-replay replay "$work/game.ron" --screenshot-after 4
shot native-results resume "$work/game.ron" --screen results
shot native-lasting-areas play demo_lasting --screenshot-after 6
shot native-condition-demo play demo_slowed --screenshot-after 6
# Every creature token and condition icon, side by side.
shot native-sheet play scripts/shots/sheet.ron
# Tessa's turn with the enemies' threatened squares shown (F3).
shot native-threats play mill_ambush --commands scripts/shots/acting.ron --keys F3 \
    --screenshot-after 2
# Deep into an AI game: the tracker, the log's headings and written-out rolls.
shot native-log play mill_ambush --ai both --screenshot-after 40
# Pointing at an adjacent enemy: the free strike's odds and what each tier leaves.
shot native-free-strike play scripts/shots/wall_push.ron --commands scripts/shots/wall_push_turn.ron \
    --hover 4,2
# Frost Cube over two minions of a squad and Brann: the ally flagged, the minions it drops.
shot native-squad-area play demo_squad_area --ai director \
    --commands scripts/shots/squad_area_turn.ron --aim 2@4,5
# Five heroes of five classes against the Drowned Court, the AI on both sides: each class's
# resource and its gains in the log.
shot native-classes play sunken_causeway --ai both --screenshot-after 30
# Pointing at the Fury: its Ferocity, and its abilities' costs in Ferocity.
shot native-class-card play sunken_causeway --hover 2,5 --screenshot-after 15
# The compendium, searched for the Sunken Regent: its stat block, abilities and villain actions.
shot native-compendium play sunken_causeway --screen compendium \
    --keys KeyR,KeyE,KeyG,KeyE,KeyN,KeyT --screenshot-after 5
# The same turn at the smallest and largest UI scales.
for scale in 75 200; do
    echo "==> native-ui-$scale"
    printf '(ui_scale: %s)\n' "$(awk "BEGIN { print $scale / 100 }")" > "$work/scaled.ron"
    STEELGRID_SETTINGS="$work/scaled.ron" "$bin" play mill_ambush \
        --commands scripts/shots/acting.ron --hover 10,2 \
        --screenshot "$out/native-ui-$scale.png" 2>"$work/ui.log" || {
        cat "$work/ui.log" >&2
        exit 1
    }
done
echo "screenshots in $out"
