//! Where a campaign stands: the step the story is at, the party as it stands, the battles
//! fought. Each step moves it on: a story page is read, a battle won carries the party on
//! (lost, it is fought again from where the party stood), a respite rests it.

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::creature::Vitality;
use crate::engine::Engine;
use crate::event::Outcome;

use super::{Campaign, Fallen, Member, Party, PartyError, Step};

/// How the campaign ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// Every step played.
    Won,
    /// No hero is left alive.
    Lost,
}

/// One battle fought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fought {
    pub step: usize,
    pub title: String,
    pub won: bool,
    /// 1 for the first try.
    pub attempt: u32,
    pub rounds: u32,
    pub seed: u64,
}

/// What changed for a hero between battles, for the story screen and the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Carried {
    /// Stamina and Recoveries carried from the fight.
    Stood {
        hero: String,
        stamina: i32,
        recoveries: u32,
    },
    Victories {
        hero: String,
        gained: u32,
        total: u32,
    },
    Died {
        hero: String,
    },
    /// Died, but the campaign's fallen pull through at 1 Stamina.
    Fallen {
        hero: String,
    },
    /// A Recovery spent outside combat (seed 002 L853-855).
    Recovered {
        hero: String,
        stamina: i32,
    },
    Rested {
        hero: String,
        xp_gained: u32,
        xp: u32,
    },
    Rose {
        hero: String,
        level: u32,
    },
}

impl std::fmt::Display for Carried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Carried::Stood {
                hero,
                stamina,
                recoveries,
            } => write!(
                f,
                "{hero} comes away with {stamina} Stamina and {recoveries} Recoveries"
            ),
            Carried::Victories {
                hero,
                gained,
                total,
            } => write!(f, "{hero} earns {gained} Victory(s): {total} now"),
            Carried::Died { hero } => write!(f, "{hero} has died and fights no more"),
            Carried::Fallen { hero } => write!(
                f,
                "{hero} is carried from the field and pulls through with 1 Stamina"
            ),
            Carried::Recovered { hero, stamina } => {
                write!(f, "{hero} spends a Recovery on the road: {stamina} Stamina")
            }
            Carried::Rested {
                hero,
                xp_gained,
                xp,
            } => write!(
                f,
                "{hero} rests: Stamina and Recoveries back, {xp_gained} Victory(s) into XP ({xp} XP)"
            ),
            Carried::Rose { hero, level } => write!(f, "{hero} reaches level {level}"),
        }
    }
}

/// A campaign under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The step the story is at (the next to play).
    pub step: usize,
    pub party: Party,
    /// Tries at the current battle that were lost.
    pub lost_tries: u32,
    pub fought: Vec<Fought>,
    pub ending: Option<Ending>,
}

impl Progress {
    /// Begin `campaign` with a party of these classes (a name for each, or the campaign's).
    pub fn start(
        campaign: &Campaign,
        choice: &[(Class, Option<String>)],
    ) -> Result<Progress, PartyError> {
        let rules = &campaign.spec.party;
        if !(rules.min..=rules.max).contains(&choice.len()) {
            return Err(PartyError(format!(
                "this campaign takes a party of {} to {} heroes, not {}",
                rules.min,
                rules.max,
                choice.len()
            )));
        }
        let mut members: Vec<Member> = Vec::new();
        for (class, name) in choice {
            if members.iter().any(|m| m.class == *class) {
                return Err(PartyError(format!(
                    "the party has two heroes of the {} class; choose each class once",
                    class.id()
                )));
            }
            let name = name
                .clone()
                .or_else(|| rules.names.get(class).cloned())
                .unwrap_or_else(|| class.spec().name.clone());
            members.push(Member::new(*class, name, rules.level));
        }
        let mut progress = Progress {
            step: 0,
            party: Party { members },
            lost_tries: 0,
            fought: Vec::new(),
            ending: None,
        };
        progress.settle(campaign);
        Ok(progress)
    }

    /// The step to play next, None once the campaign is over.
    pub fn current<'a>(&self, campaign: &'a Campaign) -> Option<&'a Step> {
        match self.ending {
            Some(_) => None,
            None => campaign.spec.steps.get(self.step),
        }
    }

    /// The current battle with the party in it: a name for the file and its text.
    pub fn battle(&self, campaign: &Campaign) -> Result<(String, String), String> {
        let (file, text) = campaign
            .battle(self.step)
            .filter(|_| self.ending.is_none())
            .ok_or_else(|| "the campaign is not at a battle".to_owned())?;
        let text = self.party.into_battle(file, text)?;
        Ok((format!("{file} (with the party)"), text))
    }

    /// Move past a story page or take a respite (seed 002 L859-867): each living hero rests,
    /// then rises to the level its experience reaches. A battle is moved past only by
    /// [`Progress::end_battle`].
    pub fn advance(&mut self, campaign: &Campaign) -> Vec<Carried> {
        let mut told = Vec::new();
        match self.current(campaign) {
            None | Some(Step::Battle { .. }) => return told,
            Some(Step::Story { .. }) => {}
            Some(Step::Respite { .. }) => {
                for m in self.party.members.iter_mut().filter(|m| !m.dead) {
                    let xp_gained = m.rest();
                    told.push(Carried::Rested {
                        hero: m.name.clone(),
                        xp_gained,
                        xp: m.xp,
                    });
                    let level = campaign.level_for(m.xp);
                    if level > m.level {
                        m.rise_to(level);
                        told.push(Carried::Rose {
                            hero: m.name.clone(),
                            level,
                        });
                    }
                }
            }
        }
        self.step += 1;
        self.settle(campaign);
        told
    }

    /// The battle is over (or given up at a round limit, which counts as lost): won, each
    /// hero carries on with the Stamina, Recoveries and Victories it ends with (the engine gives
    /// each survivor its Victory, seed 002 L815-817) and the step's bonus ones; a hero dead in it
    /// stays dead. Lost, the party stands as it did before the battle, to fight it again.
    pub fn end_battle(&mut self, campaign: &Campaign, engine: &Engine) -> Vec<Carried> {
        let Some(Step::Battle {
            title,
            bonus_victories,
            ..
        }) = self.current(campaign)
        else {
            return Vec::new();
        };
        let won = engine.outcome() == Some(Outcome::Victory);
        self.fought.push(Fought {
            step: self.step,
            title: title.clone(),
            won,
            attempt: self.lost_tries + 1,
            rounds: engine.turn().round,
            seed: engine.seed(),
        });
        if !won {
            self.lost_tries += 1;
            return Vec::new();
        }
        let mut told = Vec::new();
        let fallen = campaign.spec.party.fallen;
        for m in self.party.members.iter_mut().filter(|m| !m.dead) {
            let Some(record) = engine.creature_record(&m.id) else {
                continue;
            };
            let Some(hero) = record.hero else {
                continue;
            };
            if record.vitality == Vitality::Dead {
                let name = m.name.clone();
                match fallen {
                    Fallen::Lost => {
                        m.dead = true;
                        told.push(Carried::Died { hero: name });
                    }
                    Fallen::Wounded => {
                        m.stamina = 1;
                        m.recoveries = hero.recoveries;
                        told.push(Carried::Fallen { hero: name });
                    }
                }
                continue;
            }
            m.stamina = record.stamina.current;
            m.recoveries = hero.recoveries;
            let gained = hero.victories.saturating_sub(m.victories) + bonus_victories;
            m.victories = hero.victories + bonus_victories;
            told.push(Carried::Stood {
                hero: m.name.clone(),
                stamina: m.stamina,
                recoveries: m.recoveries,
            });
            told.push(Carried::Victories {
                hero: m.name.clone(),
                gained,
                total: m.victories,
            });
        }
        self.step += 1;
        self.lost_tries = 0;
        self.settle(campaign);
        told
    }

    /// Spend Recoveries outside combat for every living hero at or below its winded value,
    /// until it is above it or has none left (what the headless party does between battles).
    pub fn patch_up(&mut self) -> Vec<Carried> {
        let mut told = Vec::new();
        for m in self.party.members.iter_mut().filter(|m| !m.dead) {
            while m.stamina <= m.maxima().0 / 2 && m.spend_recovery().is_some() {
                told.push(Carried::Recovered {
                    hero: m.name.clone(),
                    stamina: m.stamina,
                });
            }
        }
        told
    }

    /// The campaign ends when its steps run out or no hero is left to fight.
    fn settle(&mut self, campaign: &Campaign) {
        if self.party.fighting().next().is_none() {
            self.ending = Some(Ending::Lost);
        } else if self.step >= campaign.spec.steps.len() {
            self.ending = Some(Ending::Won);
        }
    }
}

/// A campaign saved between battles or in one: the campaign file's name and text, where it
/// stands, and the battle under way (a game record, as a battle's save is).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename = "CampaignSave")]
pub struct CampaignSave {
    pub file: String,
    pub progress: Progress,
    #[serde(default)]
    pub battle: Option<crate::record::Record>,
}
