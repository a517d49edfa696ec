#!/usr/bin/env bash
# Rasterise the Game Icons (game-icons.net, CC BY 3.0, see CREDITS) the board draws into
# assets/icons/: white silhouettes on transparent, 96 x 96. Reads the icon set from the npm
# registry's @iconify-json/game-icons and draws with rsvg-convert (librsvg2-bin). The PNGs are
# committed, so neither is needed to build or play: run this only to change the set.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || apt-get install -y librsvg2-bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @iconify-json/game-icons@1.2.4 >/dev/null && tar xzf ./*.tgz)
out=assets/icons
mkdir -p "$out"
# Creature kinds (templates: the first heroes and monsters, the classes, the bestiary's
# factions), then conditions: file name = icon name.
icons=(
    spiked-shield daggers magic-swirl sun-priest goblin-head imp ogre wolf-head witch-face
    bowman tree-face
    holy-symbol angel-wings flame enrage fist hooded-assassin chess-knight psychic-waves drama-masks
    fairy tree-roots mushrooms evil-tree stag-head troll crown-of-thorns
    burning-embers fire-bowl salamander ember-shot fire-breath anvil lizardman thor-hammer
    shambling-zombie ghost eel harpoon-trident siren black-knight-helm big-wave kraken-tentacle
    spears crossbow scalpel mounted-knight horse-head robot-golem metal-golem-head elephant
    centurion-helmet
    raise-zombie cultist sound-waves floating-ghost angel-outfit brain-tentacle candle-skull
    all-seeing-eye floating-tentacles
    bleeding-wound knocked-out-stars terror grab hidden manacles snail shouting broken-shield
    falling
    broadsword punch mouse skeleton angular-spider wizard-staff
)
python3 - "$work/package/icons.json" "$work" "${icons[@]}" <<'PY'
import json, sys
icons = json.load(open(sys.argv[1]))
size = icons.get("width", 512)
for name in sys.argv[3:]:
    body = icons["icons"][name]["body"].replace("currentColor", "#ffffff")
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}">{body}</svg>'
    open(f"{sys.argv[2]}/{name}.svg", "w").write(svg)
PY
for name in "${icons[@]}"; do
    rsvg-convert -w 96 -h 96 "$work/$name.svg" -o "$out/$name.png"
done
echo "icons in $out"
