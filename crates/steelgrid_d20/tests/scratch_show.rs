// THROWAWAY: delete before finishing.
use steelgrid_d20::battle::Battle;
use steelgrid_d20::scenario;

#[test]
fn show() {
    let Ok(file) = std::env::var("SHOW") else {
        return;
    };
    let text = std::fs::read_to_string(&file).unwrap();
    let sc = scenario::load(&file, &text).unwrap_or_else(|p| {
        panic!(
            "{}",
            p.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    });
    let mut b = Battle::new(&sc, None);
    let mut out = String::new();
    let mut shown = 0;
    let dump = |b: &Battle, shown: &mut usize, out: &mut String| {
        for l in &b.log()[*shown..] {
            out.push_str(&format!(
                "  [{}] {}\n",
                l.rule.id,
                serde_json::to_string(&l.event).unwrap()
            ));
        }
        *shown = b.log().len();
    };
    dump(&b, &mut shown, &mut out);
    for (i, c) in sc.demo.iter().enumerate() {
        out.push_str(&format!("#{i} {:?}\n", c));
        match b.apply(c.clone()) {
            Ok(_) => {}
            Err(e) => {
                out.push_str(&format!("  REFUSED: {e}\n"));
                break;
            }
        }
        dump(&b, &mut shown, &mut out);
    }
    out.push_str(&format!("current: {:?}\n", b.current()));
    for c in b.creatures() {
        out.push_str(&format!(
            "  {} {:?} hp {}/{} nl {} {:?} sq {}\n",
            c.id,
            c.position,
            c.hit_points.current,
            c.hit_points.max,
            c.hit_points.nonlethal,
            c.injury,
            c.squeezing
        ));
    }
    std::fs::write("/tmp/d20/show.txt", out).unwrap();
}
