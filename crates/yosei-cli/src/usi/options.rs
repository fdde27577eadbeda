//! The engine's options: what `usi` declares and what `setoption` may change.
//! KomoringHeights' names where it has the option (`USI_Hash`, `Threads`, `NodesLimit`,
//! `PvInterval`); yosei's own for the rules (cli.md's `--futile`, `--cond`,
//! `--uchifuzume`).

use crate::cli::compile_rules;
use yosei_rules::{DiscardedKinds, FairyHome, FairyPromotion, LionPass, RoyalKinds, RuleSet, UchifuzumeReading};
use yosei_solve::tsume::Futile;

/// An option as `usi` declares it, and how `setoption` applies a value read as its type.
enum Spec {
    Spin {
        default: u64,
        min: u64,
        max: u64,
        set: fn(&mut EngineOptions, u64),
    },
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
        set: fn(&mut EngineOptions, &str) -> Result<(), String>,
    },
    Text {
        set: fn(&mut EngineOptions, &str) -> Result<(), String>,
    },
}

const DEFAULT_HASH_MB: u64 = 1024;
const DEFAULT_PV_INTERVAL_MS: u64 = 1000;

fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

const SPECS: [(&str, Spec); 12] = [
    (
        "USI_Hash",
        Spec::Spin {
            default: DEFAULT_HASH_MB,
            min: 1,
            max: 1 << 20,
            set: |o, n| o.hash_mb = to_usize(n),
        },
    ),
    (
        "Threads",
        Spec::Spin {
            default: 1,
            min: 1,
            max: 256,
            set: |o, n| o.threads = to_usize(n),
        },
    ),
    (
        "NodesLimit",
        Spec::Spin {
            default: 0,
            min: 0,
            max: i64::MAX as u64,
            set: |o, n| o.nodes_limit = n,
        },
    ),
    (
        "PvInterval",
        Spec::Spin {
            default: DEFAULT_PV_INTERVAL_MS,
            min: 0,
            max: 3_600_000,
            set: |o, n| o.pv_interval_ms = n,
        },
    ),
    (
        // cli.md's --futile
        "FutileInterpositions",
        Spec::Combo {
            default: "skip",
            vars: &["skip", "count"],
            set: |o, v| {
                o.futile = if v == "count" { Futile::Count } else { Futile::Skip };
                Ok(())
            },
        },
    ),
    (
        // cli.md's --uchifuzume
        "Uchifuzume",
        Spec::Combo {
            default: "check-only",
            vars: &["check-only", "any"],
            set: |o, v| o.compile(o.conditions.clone(), v.parse()?),
        },
    ),
    (
        // cli.md's --cond, space-separated: `annan uchifu`
        "Conditions",
        Spec::Text {
            set: |o, v| o.compile(v.split_whitespace().map(str::to_string).collect(), o.uchifuzume),
        },
    ),
    (
        // the command line's --fairy-capture: `hold` (also empty), `discard`,
        // `discard:[WA],T` (docs/rules/fairy-declarations.md)
        "FairyCapture",
        Spec::Text {
            set: |o, v| {
                let value = if v.is_empty() { "hold" } else { v };
                let discarded: DiscardedKinds = value.parse().map_err(|e| format!("FairyCapture: {e}"))?;
                o.discarded = discarded;
                o.compile(o.conditions.clone(), o.uchifuzume)
            },
        },
    ),
    (
        // the command line's --fairy-promotion: `none` (also empty), `all`, `J,[MK]`
        // (docs/rules/fairy-promotion.md)
        "FairyPromotion",
        Spec::Text {
            set: |o, v| {
                let value = if v.is_empty() { "none" } else { v };
                let promotion: FairyPromotion = value.parse().map_err(|e| format!("FairyPromotion: {e}"))?;
                o.fairy_promotion = promotion;
                o.compile(o.conditions.clone(), o.uchifuzume)
            },
        },
    ),
    (
        // the command line's --royal: `none` (also empty) or `[WA],J` (docs/rules/royal.md)
        "Royal",
        Spec::Text {
            set: |o, v| {
                let value = if v.is_empty() { "none" } else { v };
                let royal: RoyalKinds = value.parse().map_err(|e| format!("Royal: {e}"))?;
                o.royal = royal;
                o.compile(o.conditions.clone(), o.uchifuzume)
            },
        },
    ),
    (
        // the command line's --lion-pass (docs/rules/fairy-pieces.md)
        "LionPass",
        Spec::Combo {
            default: "empty-neighbour",
            vars: &["empty-neighbour", "any"],
            set: |o, v| {
                o.lion_pass = v.parse()?;
                o.compile(o.conditions.clone(), o.uchifuzume)
            },
        },
    ),
    (
        // the command line's --fairy-home (docs/rules/capture-conditions.md)
        "FairyHome",
        Spec::Combo {
            default: "none",
            vars: &["none", "second-rank"],
            set: |o, v| {
                o.fairy_home = v.parse()?;
                o.compile(o.conditions.clone(), o.uchifuzume)
            },
        },
    ),
];

/// The `option …` lines that `usi` sends.
pub fn declarations() -> Vec<String> {
    SPECS
        .iter()
        .map(|(name, spec)| match spec {
            Spec::Spin { default, min, max, .. } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            Spec::Combo { default, vars, .. } => {
                let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                format!("option name {name} type combo default {default} {}", vars.join(" "))
            }
            Spec::Text { .. } => format!("option name {name} type string default <empty>"),
        })
        .collect()
}

/// The options in force.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    pub hash_mb: usize,
    pub threads: usize,
    /// 0: no limit.
    pub nodes_limit: u64,
    /// 0: no info lines while searching.
    pub pv_interval_ms: u64,
    pub futile: Futile,
    /// The condition names as set (`Conditions`), kept to compile them again with a new
    /// `Uchifuzume`.
    conditions: Vec<String>,
    uchifuzume: UchifuzumeReading,
    /// The fairy kinds a capture discards (`FairyCapture`).
    discarded: DiscardedKinds,
    /// The fairy kinds that promote (`FairyPromotion`).
    fairy_promotion: FairyPromotion,
    /// When a Lion may pass (`LionPass`).
    lion_pass: LionPass,
    /// Where a fairy piece starts for キルケ and アンチキルケ (`FairyHome`).
    fairy_home: FairyHome,
    /// The fairy kinds declared royal (`Royal`).
    royal: RoyalKinds,
    /// The rules the three name, compiled when any is set.
    pub rules: RuleSet,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mb: DEFAULT_HASH_MB as usize,
            threads: 1,
            nodes_limit: 0,
            pv_interval_ms: DEFAULT_PV_INTERVAL_MS,
            futile: Futile::Skip,
            conditions: Vec::new(),
            uchifuzume: UchifuzumeReading::CheckOnly,
            discarded: DiscardedKinds::default(),
            fairy_promotion: FairyPromotion::NONE,
            lion_pass: LionPass::EmptyNeighbour,
            fairy_home: FairyHome::None,
            royal: RoyalKinds::NONE,
            rules: RuleSet::default(),
        }
    }
}

/// What `setoption` did, besides changing an option.
#[derive(Debug, PartialEq, Eq)]
pub enum Set {
    Done,
    /// The option is not one of this engine's (`USI_Ponder`…): nothing changed.
    Unknown,
}

impl EngineOptions {
    /// Sets option `name` (matched without regard to case) to `value`; on an error the
    /// option keeps its value and the error says what was expected.
    pub fn set(&mut self, name: &str, value: &str) -> Result<Set, String> {
        let Some((name, spec)) = SPECS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) else {
            return Ok(Set::Unknown);
        };
        let value = value.trim();
        match spec {
            Spec::Spin { min, max, set, .. } => {
                let n = value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(&n))
                    .ok_or_else(|| format!("{name}: expected a whole number from {min} to {max}, found '{value}'"))?;
                set(self, n);
            }
            Spec::Combo { vars, set, .. } => {
                if !vars.contains(&value) {
                    return Err(format!("{name}: expected {}, found '{value}'", vars.join(" or ")));
                }
                set(self, value)?;
            }
            Spec::Text { set } => set(self, value)?,
        }
        Ok(Set::Done)
    }

    fn compile(&mut self, conditions: Vec<String>, uchifuzume: UchifuzumeReading) -> Result<(), String> {
        self.rules = compile_rules(&conditions, uchifuzume)
            .map_err(|e| format!("Conditions: {e}"))?
            .with_discarded_kinds(self.discarded)
            .with_fairy_promotion(self.fairy_promotion)
            .with_royal_kinds(self.royal);
        self.rules.lion_pass = self.lion_pass;
        self.rules.fairy_home = self.fairy_home;
        self.conditions = conditions;
        self.uchifuzume = uchifuzume;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yosei_rules::Condition;

    #[test]
    fn every_declared_option_can_be_set_to_its_default() {
        let mut options = EngineOptions::default();
        for line in declarations() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let default = words[words.iter().position(|&w| w == "default").unwrap() + 1];
            let default = if default == "<empty>" { "" } else { default };
            assert_eq!(options.set(words[2], default), Ok(Set::Done), "{line}");
        }
    }

    #[test]
    fn conditions_compile_with_the_reading_and_bad_values_change_nothing() {
        let mut options = EngineOptions::default();
        options.set("Conditions", "annan").unwrap();
        options.set("uchifuzume", "any").unwrap();
        assert_eq!(options.rules.conditions(), [Condition::Annan]);
        assert_eq!(options.rules.uchifuzume, UchifuzumeReading::Any);
        let err = options.set("Conditions", "annan nonsense").unwrap_err();
        assert!(err.starts_with("Conditions: unknown condition 'nonsense'"), "{err}");
        assert_eq!(options.rules.conditions(), [Condition::Annan]);
        assert!(options.set("Uchifuzume", "sometimes").is_err());
        assert!(options.set("USI_Hash", "0").unwrap_err().contains("from 1 to"));
        assert!(options.set("Threads", "many").is_err());
        options.set("FutileInterpositions", "count").unwrap();
        assert_eq!(options.futile, Futile::Count);
        assert_eq!(options.set("USI_Ponder", "true"), Ok(Set::Unknown));
        options.set("Conditions", "").unwrap();
        assert!(options.rules.conditions().is_empty());
        assert_eq!(options.rules.uchifuzume, UchifuzumeReading::Any);
    }

    #[test]
    fn royal_kinds_read_as_the_command_line_does_and_bad_values_change_nothing() {
        let mut options = EngineOptions::default();
        options.set("Royal", "[WA]").unwrap();
        assert!(options.rules.royal_kinds().contains(yosei_core::PieceKind::Wazir));
        options.set("Conditions", "uchifu-allowed").unwrap();
        assert!(
            options.rules.royal_kinds().contains(yosei_core::PieceKind::Wazir),
            "Conditions keeps Royal"
        );
        let err = options.set("Royal", "G").unwrap_err();
        assert!(err.starts_with("Royal: "), "{err}");
        assert!(options.rules.royal_kinds().contains(yosei_core::PieceKind::Wazir));
        options.set("Royal", "").unwrap();
        assert!(!options.rules.royal_kinds().has_declared());
    }

    #[test]
    fn fairy_capture_discards_as_the_command_line_does_and_bad_values_change_nothing() {
        let mut options = EngineOptions::default();
        options.set("FairyCapture", "discard:[WA]").unwrap();
        let expected: DiscardedKinds = "discard:wazir".parse().unwrap();
        assert_eq!(options.discarded, expected);
        options.set("Conditions", "annan").unwrap();
        assert_eq!(options.discarded, expected, "Conditions keeps FairyCapture");
        let err = options.set("FairyCapture", "throw").unwrap_err();
        assert!(err.starts_with("FairyCapture: "), "{err}");
        assert_eq!(options.discarded, expected);
        options.set("FairyCapture", "").unwrap();
        assert_eq!(options.discarded, DiscardedKinds::default());
    }

    #[test]
    fn fairy_home_reads_as_the_command_line_does_and_survives_new_conditions() {
        let mut options = EngineOptions::default();
        assert_eq!(options.rules.fairy_home, FairyHome::None);
        options.set("FairyHome", "second-rank").unwrap();
        assert_eq!(options.rules.fairy_home, FairyHome::SecondRank);
        options.set("Conditions", "anticirce").unwrap();
        assert_eq!(
            options.rules.fairy_home,
            FairyHome::SecondRank,
            "Conditions keeps FairyHome"
        );
        let err = options.set("FairyHome", "rank2").unwrap_err();
        assert!(err.starts_with("FairyHome: "), "{err}");
        assert_eq!(options.rules.fairy_home, FairyHome::SecondRank);
    }

    #[test]
    fn lion_pass_reads_as_the_command_line_does_and_survives_new_conditions() {
        let mut options = EngineOptions::default();
        assert_eq!(options.rules.lion_pass, LionPass::EmptyNeighbour);
        options.set("LionPass", "any").unwrap();
        assert_eq!(options.rules.lion_pass, LionPass::Any);
        options.set("Conditions", "annan").unwrap();
        assert_eq!(options.rules.lion_pass, LionPass::Any, "Conditions keeps LionPass");
        let err = options.set("LionPass", "sometimes").unwrap_err();
        assert!(err.starts_with("LionPass: "), "{err}");
        assert_eq!(options.rules.lion_pass, LionPass::Any);
        options.set("lionpass", "empty-neighbour").unwrap();
        assert_eq!(options.rules.lion_pass, LionPass::EmptyNeighbour);
    }

    #[test]
    fn fairy_promotion_promotes_as_the_command_line_does_and_bad_values_change_nothing() {
        let mut options = EngineOptions::default();
        options.set("FairyPromotion", "J,[MK]").unwrap();
        let expected: FairyPromotion = "kirin,blind-tiger".parse().unwrap();
        assert_eq!(options.rules.fairy_promotion(), expected);
        options.set("Conditions", "annan").unwrap();
        assert_eq!(
            options.rules.fairy_promotion(),
            expected,
            "Conditions keeps FairyPromotion"
        );
        let err = options.set("FairyPromotion", "R").unwrap_err();
        assert!(err.starts_with("FairyPromotion: "), "{err}");
        assert_eq!(options.rules.fairy_promotion(), expected);
        options.set("FairyPromotion", "").unwrap();
        assert!(options.rules.fairy_promotion().is_empty());
    }

    #[test]
    fn conditions_takes_every_listed_condition_by_the_command_line_parser() {
        let mut options = EngineOptions::default();
        options.set("Conditions", "nekosen").unwrap();
        assert_eq!(options.rules.conditions(), [Condition::NekoSen]);
        options.set("Conditions", "ネコネコ鮮").unwrap();
        assert_eq!(options.rules.conditions(), [Condition::NekoNekoSen]);
        for listed in Condition::listed() {
            let condition = match listed {
                Condition::Komazume(_) => Condition::Komazume(yosei_core::PieceKind::ChessKnight),
                c => c,
            };
            // with the first partner it needs, if it does not stand alone
            let mut value = condition.to_string();
            if let Some(partner) = condition.only_with().first() {
                value = format!("{value} {partner}");
            }
            assert_eq!(options.set("Conditions", &value), Ok(Set::Done), "{value}");
            assert_eq!(options.rules.conditions()[0], condition, "{value}");
        }
    }
}
