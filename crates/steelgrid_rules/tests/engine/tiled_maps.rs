//! Maps drawn in Tiled: `map: (tiled: "maps/ford.tmx")` loads to the same board as the map
//! written as legend and rows, and every problem with the files is named at its file, line and
//! column, never a panic.

use std::path::{Path, PathBuf};

use steelgrid_rules::grid::{Material, Square, Terrain};
use steelgrid_rules::scenario::{self, Diagnostic, Scenario};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load_file(path: &Path) -> Result<Scenario, Vec<Diagnostic>> {
    let src = std::fs::read_to_string(path).expect("the file is there");
    scenario::load(&path.display().to_string(), &src)
}

#[test]
fn a_tiled_map_loads_to_the_same_board_as_its_ron_twin() {
    let tiled = load_file(&root().join("scenarios/tiled/ford.ron")).expect("the Tiled scenario");
    let twin = load_file(&root().join("crates/steelgrid_rules/tests/fixtures/tiled_ford_twin.ron"))
        .expect("its twin");
    let (map, twin_map) = (tiled.map(), twin.map());
    assert_eq!((map.width, map.height), (16, 10));
    for y in 0..map.height {
        for x in 0..map.width {
            let sq = Square::new(x, y);
            assert_eq!(map.cell(sq), twin_map.cell(sq), "the square {sq}");
        }
    }
    assert_eq!(map.zones, twin_map.zones);
    assert_eq!(map, twin_map);
    // What the layers and the zones layer say, read back: a tree on the features layer over a
    // hill on the ground layer stands on the hill; the rectangle `ford` covers the shallows.
    let tree = map.cell(Square::new(12, 8)).expect("on the map");
    assert_eq!(
        tree.terrain,
        Terrain::Object {
            material: Material::Wood
        }
    );
    assert_eq!((tree.elevation, tree.height), (1, Some(2)));
    assert_eq!(
        map.zones["ford"],
        [(7, 4), (8, 4), (7, 5), (8, 5)].map(|(x, y)| Square::new(x, y))
    );
    assert!(map.cell(Square::new(1, 3)).is_some_and(|c| c.concealing));
    assert_eq!(
        tiled.start(None).checksum(),
        twin.start(None).checksum(),
        "the same starting state"
    );
}

/// A scenario beside its Tiled map `maps/t.tmx` (and whatever else `files` holds), read from
/// memory.
fn load_tiled(map: &str, files: &[(&str, &str)]) -> Result<Scenario, Vec<Diagnostic>> {
    load_tiled_scenario(&scenario_text(map), files)
}

fn scenario_text(map: &str) -> String {
    format!(
        "Scenario(\n    name: \"t\",\n    map: {map},\n    creatures: [\n        (id: \"h\", template: \"vanguard\", position: (0, 0)),\n        (id: \"c\", template: \"bramble_cutter\", position: (3, 0)),\n    ],\n)\n"
    )
}

fn load_tiled_scenario(src: &str, files: &[(&str, &str)]) -> Result<Scenario, Vec<Diagnostic>> {
    let read = |path: &Path| {
        files
            .iter()
            .find(|(name, _)| Path::new(name) == path)
            .map(|(_, text)| (*text).to_owned())
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
    };
    scenario::load_with("scenarios/t.ron", src, &read)
}

/// A 4 × 2 map with an embedded tileset whose tiles say `tiles`, and one tile layer.
fn tmx(tiles: &str, csv: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="4" height="2" tilewidth="32" tileheight="32" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" columns="4">
  <image source="t.png" width="128" height="32"/>
{tiles} </tileset>
 <layer id="1" name="ground" width="4" height="2">
  <data encoding="csv">
{csv}
</data>
 </layer>
</map>
"#
    )
}

const PLAIN: &str = "1,1,1,1,\n1,2,1,1";

fn wall_tile() -> String {
    tile(1, r#"<property name="terrain" value="Wall"/>"#)
}

fn tile(id: u32, property: &str) -> String {
    format!("  <tile id=\"{id}\">\n   <properties>\n    {property}\n   </properties>\n  </tile>\n")
}

/// The one problem a load reports, or a panic naming all it reported.
fn only_problem(result: Result<Scenario, Vec<Diagnostic>>) -> Diagnostic {
    match result {
        Ok(_) => panic!("loaded"),
        Err(problems) if problems.len() == 1 => problems[0].clone(),
        Err(problems) => panic!("{problems:#?}"),
    }
}

fn assert_at(d: &Diagnostic, file: &str, line: usize, col: usize, words: &[&str]) {
    assert_eq!((d.file.as_str(), d.line, d.col), (file, line, col), "{d}");
    for w in words {
        assert!(d.message.contains(w), "`{w}` in {d}");
    }
}

#[test]
fn a_small_tiled_map_loads_with_its_wall() {
    let map = tmx(&wall_tile(), PLAIN);
    let s = load_tiled(r#"(tiled: "maps/t.tmx")"#, &[("maps/t.tmx", &map)]).expect("loads");
    assert_eq!(s.map().terrain(Square::new(1, 1)), Some(Terrain::Wall));
    assert_eq!(s.map().terrain(Square::new(0, 1)), Some(Terrain::Floor));
}

#[test]
fn a_missing_tmx_file_is_reported_at_the_scenarios_tiled_field() {
    let d = only_problem(load_tiled(r#"(tiled: "maps/nowhere.tmx")"#, &[]));
    assert_at(
        &d,
        "scenarios/t.ron",
        3,
        18,
        &["cannot read the Tiled map `scenarios/maps/nowhere.tmx`"],
    );
    // From the disk too, beside the scenario file.
    let src = scenario_text(r#"(tiled: "maps/nowhere.tmx")"#);
    let file = root().join("scenarios/tiled/t.ron").display().to_string();
    let problems = scenario::load(&file, &src).expect_err("no such map");
    assert!(
        problems[0].message.contains("maps/nowhere.tmx"),
        "{:?}",
        problems
    );
}

#[test]
fn a_malformed_tmx_is_reported_in_the_tmx_where_its_xml_breaks() {
    let map = tmx(&wall_tile(), PLAIN).replace("</tileset>", "</tilesett>");
    let d = only_problem(load_tiled(
        r#"(tiled: "maps/t.tmx")"#,
        &[("maps/t.tmx", &map)],
    ));
    assert_at(
        &d,
        "scenarios/maps/t.tmx",
        10,
        2,
        &["not well-formed XML", "</tilesett>"],
    );
}

#[test]
fn an_unknown_terrain_is_reported_at_its_tiles_property() {
    let lava = tile(2, r#"<property name="terrain" value="Lava"/>"#);
    let map = tmx(&format!("{}{lava}", wall_tile()), PLAIN);
    let d = only_problem(load_tiled(
        r#"(tiled: "maps/t.tmx")"#,
        &[("maps/t.tmx", &map)],
    ));
    assert_at(
        &d,
        "scenarios/maps/t.tmx",
        12,
        15,
        &[
            "tile 2 of the tileset `t`",
            "`terrain` is `Lava`",
            "Object:Wood",
        ],
    );
}

#[test]
fn a_map_written_both_as_rows_and_in_tiled_is_refused_at_file_line_col() {
    let map = tmx(&wall_tile(), PLAIN);
    let d = only_problem(load_tiled(
        r#"(tiled: "maps/t.tmx", rows: ["....", "...."])"#,
        &[("maps/t.tmx", &map)],
    ));
    assert_at(&d, "scenarios/t.ron", 3, 38, &["not both", "`rows`"]);
    let d = only_problem(load_tiled(
        r#"(legend: {'x': (terrain: Wall)}, tiled: "maps/t.tmx")"#,
        &[("maps/t.tmx", &map)],
    ));
    assert_at(&d, "scenarios/t.ron", 3, 19, &["not both", "`legend`"]);
}

#[test]
fn each_problem_inside_the_tiled_files_is_named_at_its_place() {
    let tsx = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" name=\"ext\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"4\" columns=\"4\">\n <image source=\"t.png\" width=\"128\" height=\"32\"/>\n{}</tileset>\n",
        tile(1, r#"<property name="height" type="int" value="0"/>"#)
    );
    let external = tmx("", PLAIN).replace(
        r#"<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" columns="4">
  <image source="t.png" width="128" height="32"/>
 </tileset>"#,
        r#"<tileset firstgid="1" source="ext.tsx"/>"#,
    );
    let zones = |object: &str| {
        tmx(&wall_tile(), PLAIN).replace(
            " </layer>\n",
            &format!(
                " </layer>\n <objectgroup id=\"2\" name=\"zones\">\n  {object}\n </objectgroup>\n"
            ),
        )
    };
    let cases: Vec<(
        &str,
        String,
        Vec<(&str, String)>,
        (&str, usize, usize, &[&str]),
    )> = vec![
        (
            "a layer short of tiles",
            tmx(&wall_tile(), "1,1,1,1,\n1,2,1"),
            vec![],
            (
                "scenarios/maps/t.tmx",
                11,
                2,
                &["the layer `ground` holds 7 tiles", "4 × 2 = 8"],
            ),
        ),
        (
            "a tileset file missing",
            external.clone(),
            vec![],
            (
                "scenarios/maps/t.tmx",
                3,
                31,
                &["cannot read `scenarios/maps/ext.tsx`"],
            ),
        ),
        (
            "a bad height in an external tileset",
            external,
            vec![("maps/ext.tsx", tsx)],
            (
                "scenarios/maps/ext.tsx",
                6,
                15,
                &["tile 1 of the tileset `ext`", "`height` is 0", "at least 1"],
            ),
        ),
        (
            "a property Steelgrid doesn't read",
            tmx(&tile(1, r#"<property name="terain" value="Wall"/>"#), PLAIN),
            vec![],
            (
                "scenarios/maps/t.tmx",
                7,
                15,
                &["no tile property `terain`", "terrain, elevation"],
            ),
        ),
        (
            "an int where a string belongs",
            tmx(
                &tile(1, r#"<property name="terrain" type="int" value="3"/>"#),
                PLAIN,
            ),
            vec![],
            (
                "scenarios/maps/t.tmx",
                7,
                15,
                &["`terrain` is an int property"],
            ),
        ),
        (
            "a height on floor",
            tmx(
                &tile(1, r#"<property name="height" type="int" value="2"/>"#),
                PLAIN,
            ),
            vec![],
            (
                "scenarios/maps/t.tmx",
                7,
                15,
                &["gives `height` 2", "the square (1, 1)", "floor"],
            ),
        ),
        (
            "a zone that is no rectangle",
            zones(r#"<object id="1" name="gate" x="0" y="0"><point/></object>"#),
            vec![],
            (
                "scenarios/maps/t.tmx",
                18,
                3,
                &["the zone `gate` is not a rectangle"],
            ),
        ),
        (
            "a zone without a name",
            zones(r#"<object id="1" x="0" y="0" width="32" height="32"/>"#),
            vec![],
            ("scenarios/maps/t.tmx", 18, 3, &["give it a name"]),
        ),
        (
            "two zones on one square",
            zones(
                r#"<object id="1" name="gate" x="0" y="0" width="64" height="32"/>
  <object id="2" name="yard" x="32" y="0" width="64" height="64"/>"#,
            ),
            vec![],
            (
                "scenarios/maps/t.tmx",
                19,
                3,
                &["the zone `yard` covers the square (1, 0), which is already in the zone `gate`"],
            ),
        ),
        (
            "a hexagonal map",
            tmx(&wall_tile(), PLAIN).replace("orthogonal", "hexagonal"),
            vec![],
            (
                "scenarios/maps/t.tmx",
                2,
                1,
                &["the map is hexagonal", "orthogonal"],
            ),
        ),
        (
            "a map saved as JSON",
            "{\"type\": \"map\"}".to_owned(),
            vec![],
            ("scenarios/maps/t.tmx", 1, 1, &["not a Tiled map"]),
        ),
    ];
    for (what, map, extra, (file, line, col, words)) in cases {
        let mut files: Vec<(&str, &str)> = vec![("maps/t.tmx", map.as_str())];
        files.extend(extra.iter().map(|(n, t)| (*n, t.as_str())));
        let result = load_tiled(r#"(tiled: "maps/t.tmx")"#, &files);
        let d = match result {
            Ok(_) => panic!("{what}: loaded"),
            Err(problems) => problems[0].clone(),
        };
        assert_eq!(
            (d.file.as_str(), d.line, d.col),
            (file, line, col),
            "{what}: {d}"
        );
        for w in words {
            assert!(d.message.contains(w), "{what}: `{w}` in {d}");
        }
    }
}

#[test]
fn a_tiled_map_cut_short_anywhere_is_reported_never_a_panic() {
    let dir = root().join("scenarios/tiled");
    let src = std::fs::read_to_string(dir.join("ford.ron")).unwrap();
    let tmx = std::fs::read_to_string(dir.join("maps/ford.tmx")).unwrap();
    let tsx = std::fs::read_to_string(dir.join("maps/terrain.tsx")).unwrap();
    let mut cuts = 0;
    for end in (0..tmx.len()).step_by(5) {
        if tmx[..end].trim_end() == tmx.trim_end() {
            continue;
        }
        let files = [
            ("maps/ford.tmx", &tmx[..end]),
            ("maps/terrain.tsx", tsx.as_str()),
        ];
        let problems = load_tiled_scenario(&src, &files).expect_err("a map cut short");
        assert!(!problems.is_empty());
        cuts += 1;
    }
    for end in (0..tsx.len()).step_by(5) {
        let files = [
            ("maps/ford.tmx", tmx.as_str()),
            ("maps/terrain.tsx", &tsx[..end]),
        ];
        // A tileset cut after its last tile still parses, without the tiles it lost.
        let _ = load_tiled_scenario(&src, &files);
        cuts += 1;
    }
    assert!(cuts > 200);
}

#[test]
fn every_tile_layer_format_tiled_saves_loads_to_the_same_board() {
    use base64::Engine;
    use std::io::Write;
    /// The layer's tiles as Tiled writes them in `format`: little-endian gids, maybe
    /// compressed, in base64.
    fn encode(format: &str, gids: &[u32]) -> String {
        let bytes: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
        let data = if format.contains("zlib") {
            let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            z.write_all(&bytes).unwrap();
            z.finish().unwrap()
        } else if format.contains("gzip") {
            let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            z.write_all(&bytes).unwrap();
            z.finish().unwrap()
        } else {
            bytes
        };
        base64::engine::general_purpose::STANDARD.encode(data)
    }
    let gids = [1, 1, 1, 1, 1, 2, 1, 1];
    let csv_map = tmx(&wall_tile(), PLAIN);
    let csv = load_tiled(r#"(tiled: "maps/t.tmx")"#, &[("maps/t.tmx", &csv_map)]).expect("csv");
    for format in [
        r#"encoding="base64""#,
        r#"encoding="base64" compression="zlib""#,
        r#"encoding="base64" compression="gzip""#,
    ] {
        let written = |gids: &[u32]| {
            csv_map
                .replace(r#"encoding="csv""#, format)
                .replace(PLAIN, &encode(format, gids))
        };
        let s = load_tiled(
            r#"(tiled: "maps/t.tmx")"#,
            &[("maps/t.tmx", &written(&gids))],
        )
        .unwrap_or_else(|p| panic!("{format}: {p:?}"));
        assert_eq!(s.map(), csv.map(), "{format}");
        // The same layer a tile short is reported, not indexed past its end.
        let d = only_problem(load_tiled(
            r#"(tiled: "maps/t.tmx")"#,
            &[("maps/t.tmx", &written(&gids[..7]))],
        ));
        assert!(d.message.contains("holds 7 tiles"), "{format}: {d}");
    }
}
