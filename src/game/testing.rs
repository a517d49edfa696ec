//! Set-ups the client's tests share: a battle brought to the moment a test looks at.

use steelgrid_rules::Command;
use steelgrid_rules::creature::Side;
use steelgrid_rules::record::Game;

/// The heroes chosen to go first, then `hero`'s turn begun.
pub fn heroes_first(hero: &str) -> [Command; 2] {
    [
        Command::ChooseFirstSide { side: Side::Heroes },
        Command::StartTurn {
            creature: hero.into(),
        },
    ]
}

/// The scenario `text` (seed `seed`) after `commands`, each of which must be accepted.
pub fn game_after(
    file: &str,
    text: &str,
    seed: u64,
    commands: impl IntoIterator<Item = Command>,
) -> Game {
    let mut game = Game::new(file, text, Some(seed)).unwrap();
    for command in commands {
        let shown = format!("{command:?}");
        game.apply(command)
            .unwrap_or_else(|e| panic!("{shown}: {e:?}"));
    }
    game
}

/// The default battle (seed 7) after `commands`.
pub fn default_after(commands: impl IntoIterator<Item = Command>) -> Game {
    let d = crate::scenarios::DEFAULT;
    game_after(d.file, d.text, 7, commands)
}
