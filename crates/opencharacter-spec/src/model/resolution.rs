//! How a check is rolled and read: the `resolution` and the `resultBands` of a rules document.
//!
//! Four kinds: `dice-sum` (roll dice, add the modifier, meet a DC), `dice-pool` (roll a pool,
//! count dice reaching a target, meet a number of successes), `highest-die` (roll a pool of
//! d6, read the highest die: Blades in the Dark), and `roll-under` (roll d100 under a target:
//! Mothership). Each kind has its own ladder shape and band shape; properties of another kind
//! are refused by [`Resolution::problems`], [`LadderStep::problems`] and [`Band::problems`].

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::{DiceFormula, Formula, Range, is_default};
use crate::ids::FieldId;

/// The kind of a resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ResolutionKind {
    /// Roll `dice`, add the check's modifier, compare with a DC; ladder steps `{label, dc}`.
    DiceSum,
    /// Roll a pool of `die`-sided dice (size from the check), count dice at or above the
    /// target; ladder steps `{label, successes, target?}`.
    DicePool,
    /// Roll a pool of `die`-sided dice and read the highest (Blades in the Dark); no ladder.
    HighestDie,
    /// Roll `dice` and succeed under the check's target (Mothership); no ladder.
    RollUnder,
}

impl ResolutionKind {
    /// The kind's name as written.
    pub const fn name(self) -> &'static str {
        match self {
            ResolutionKind::DiceSum => "dice-sum",
            ResolutionKind::DicePool => "dice-pool",
            ResolutionKind::HighestDie => "highest-die",
            ResolutionKind::RollUnder => "roll-under",
        }
    }
}

/// What a `naturals` rule reads from the natural die of a `dice-sum` (the seed's `naturals`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Naturals {
    /// Naturals mean nothing.
    None,
    /// The highest face always succeeds and the lowest always fails.
    Both,
    /// Only the highest face always succeeds.
    MaxOnly,
    /// Only the lowest face always fails.
    MinOnly,
}

/// What a pool of zero dice rolls (`highest-die`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ZeroDice {
    /// Roll two dice and read the lowest (Blades); a critical is impossible.
    LowestOfTwo,
    /// A pool of zero dice cannot roll.
    Refuse,
}

/// How a `roll-under` roll compares with its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum UnderCompare {
    /// The roll must be strictly below the target (Mothership).
    #[default]
    Below,
    /// The roll may equal the target.
    AtOrBelow,
}

/// The face a `dice-pool` die must reach to count as a success.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PoolTarget {
    /// The target unless a ladder step names one.
    pub default: u32,
    /// Lowest target a step may name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u32>,
    /// Highest target a step may name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

/// Bounds on a pool's size (`dice-pool`, `highest-die`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PoolSize {
    /// Fewest dice rolled (a penalty never takes the pool below it); default 0.
    #[serde(default, skip_serializing_if = "is_default")]
    pub min: u32,
    /// Most dice rolled.
    pub max: u32,
}

/// The rules document's `resolution`.
///
/// ```yaml
/// kind: dice-sum
/// dice: 1d20
/// naturals: both
/// bands: check
/// difficultyLadder:
///   - { label: easy, dc: 10 }
///   - { label: hard, dc: 20 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Resolution {
    /// The kind.
    pub kind: ResolutionKind,
    /// The dice rolled (`dice-sum`: `1d20`, `2d6`; `roll-under`: `1d100`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DiceFormula>,
    /// Sides of each die of a pool (`dice-pool`, `highest-die`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u32>,
    /// What the natural die means (`dice-sum` with a single die; default `none`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naturals: Option<Naturals>,
    /// The face a die must reach (`dice-pool`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<PoolTarget>,
    /// Bounds on the pool's size (`dice-pool`, `highest-die`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<PoolSize>,
    /// What a pool of zero dice rolls (`highest-die`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zero_dice: Option<ZeroDice>,
    /// How the roll compares with the target (`roll-under`; default `below`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<UnderCompare>,
    /// The result-band set that reads a check's outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bands: Option<FieldId>,
    /// Named difficulties, easiest first (`dice-sum`, `dice-pool`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub difficulty_ladder: Vec<LadderStep>,
}

/// One step of a difficulty ladder: `{label, dc}` for `dice-sum`, `{label, successes,
/// target?}` for `dice-pool`.
///
/// `label` is a key, not text: the step is shown by the i18n key `ladder.<label>.label`, the
/// same key for the resolution's ladder and every layer's, so "hard" reads the same wherever a
/// ladder names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LadderStep {
    /// The step's key; its text is the i18n key `ladder.<label>.label`.
    pub label: FieldId,
    /// The total to reach (`dice-sum`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<i64>,
    /// Successes needed (`dice-pool`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successes: Option<u32>,
    /// The face a die must reach at this step (`dice-pool`; default the resolution's target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
}

/// A named set of bands, read in order: the first band whose conditions all hold is the outcome.
///
/// ```yaml
/// action_roll:
///   bands:
///     critical: { face: 6, count: { min: 2 } }
///     success: { highest: { min: 6 } }
///     partial: { highest: { min: 4, max: 5 } }
///     miss: { highest: { max: 3 } }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BandSet {
    /// The resolution kind whose rolls the set reads (default: the ruleset's resolution's kind).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<ResolutionKind>,
    /// The bands, in the order they are tried; each labelled by `band.<set>.<band>.label`.
    pub bands: IndexMap<FieldId, Band>,
}

/// One end of a band's range: a whole number, or a formula read for each character.
///
/// A bare number (`min: 20`, or the text `"20"`) is fixed; any other text is a formula of the
/// formula language, evaluated against the character whose roll the band reads, so a band can
/// follow a field (`natural: { min: combat.critical_min }`: a critical on 19–20 for a
/// character whose `combat.critical_min` is 19). A formula bound lands in the release's formula
/// table like every other formula and its names are checked the same way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// A whole number.
    Fixed(i64),
    /// A formula giving a whole number, read per character.
    Formula(Formula),
}

impl Bound {
    /// The number, when the bound is fixed.
    pub fn fixed(&self) -> Option<i64> {
        match self {
            Bound::Fixed(value) => Some(*value),
            Bound::Formula(_) => None,
        }
    }

    /// The formula, when the bound reads one.
    pub fn formula(&self) -> Option<&Formula> {
        match self {
            Bound::Fixed(_) => None,
            Bound::Formula(formula) => Some(formula),
        }
    }
}

impl From<i64> for Bound {
    fn from(value: i64) -> Self {
        Bound::Fixed(value)
    }
}

impl Serialize for Bound {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Bound::Fixed(value) => serializer.serialize_i64(*value),
            Bound::Formula(formula) => serializer.serialize_str(formula.as_str()),
        }
    }
}

impl<'de> Deserialize<'de> for Bound {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // A formula reads bare numbers too; a whole number stays fixed, whether written bare
        // or as text, so `min: 20` and `min: "20"` are the same bound.
        let formula = Formula::deserialize(deserializer)?;
        Ok(match formula.as_str().trim().parse::<i64>() {
            Ok(value) => Bound::Fixed(value),
            Err(_) => Bound::Formula(formula),
        })
    }
}

impl JsonSchema for Bound {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Bound".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let formula = generator.subschema_for::<Formula>();
        schemars::json_schema!({
            "description": "a whole number, or a formula read for each character",
            "anyOf": [{ "type": "integer" }, formula],
        })
    }
}

/// An inclusive range read by a band; a missing end is open, each end a [`Bound`].
///
/// ```yaml
/// natural: { min: combat.critical_min }
/// margin: { min: 0, max: 4 }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BandRange {
    /// Lowest value in the range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Bound>,
    /// Highest value in the range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Bound>,
}

impl BandRange {
    /// The range when both ends are fixed; `None` when an end is a formula still to read.
    pub fn fixed(&self) -> Option<Range> {
        let end = |bound: &Option<Bound>| match bound {
            None => Some(None),
            Some(bound) => bound.fixed().map(Some),
        };
        Some(Range {
            min: end(&self.min)?,
            max: end(&self.max)?,
        })
    }

    /// The range with each formula end read by `read` (`None` when one cannot be read).
    pub fn resolve(&self, mut read: impl FnMut(&Formula) -> Option<i64>) -> Option<Range> {
        let mut end = |bound: &Option<Bound>| match bound {
            None => Some(None),
            Some(Bound::Fixed(value)) => Some(Some(*value)),
            Some(Bound::Formula(formula)) => read(formula).map(Some),
        };
        let min = end(&self.min)?;
        let max = end(&self.max)?;
        Some(Range { min, max })
    }

    /// Whether any end is a formula.
    pub fn reads_formula(&self) -> bool {
        [&self.min, &self.max]
            .into_iter()
            .any(|bound| matches!(bound, Some(Bound::Formula(_))))
    }

    /// `(end, formula)` for each end that is a formula (`"min"`, `"max"`).
    pub fn formulas(&self) -> impl Iterator<Item = (&'static str, &Formula)> {
        [("min", &self.min), ("max", &self.max)]
            .into_iter()
            .filter_map(|(end, bound)| bound.as_ref()?.formula().map(|f| (end, f)))
    }
}

impl From<Range> for BandRange {
    fn from(range: Range) -> Self {
        BandRange {
            min: range.min.map(Bound::Fixed),
            max: range.max.map(Bound::Fixed),
        }
    }
}

/// One band: every condition it sets must hold; a band with none catches every roll.
///
/// Which conditions a band may set depends on the kind of roll it reads:
/// `dice-sum`: `margin` (total − DC), `natural`; `dice-pool`: `margin` (successes − needed);
/// `highest-die`: `highest`, `face` with `count`; `roll-under`: `success`, `doubles`, `roll`.
/// Each range's ends are [`Bound`]s: a number, or a formula read for the character rolling.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Band {
    /// The roll's margin over the difficulty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub margin: Option<BandRange>,
    /// The natural die (`dice-sum` with one die).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural: Option<BandRange>,
    /// The highest die of the pool (`highest-die`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub highest: Option<BandRange>,
    /// A face to count (`highest-die`), with `count`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<u32>,
    /// How many dice show `face`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<BandRange>,
    /// Whether the roll got under its target (`roll-under`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
    /// Whether both digits of the d100 match (`roll-under`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubles: Option<bool>,
    /// The roll itself (`roll-under`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<BandRange>,
}

impl Resolution {
    /// The properties set that the kind does not use, and the ones it needs but lacks, as
    /// `(property, problem)` pairs; empty when the resolution fits its kind.
    pub fn problems(&self) -> Vec<(&'static str, &'static str)> {
        use ResolutionKind::*;
        let kind = self.kind;
        let mut out = Vec::new();
        let uses = |property: &str| -> bool {
            match property {
                "dice" => matches!(kind, DiceSum | RollUnder),
                "die" | "pool" => matches!(kind, DicePool | HighestDie),
                "naturals" => kind == DiceSum,
                "target" => kind == DicePool,
                "zeroDice" => kind == HighestDie,
                "compare" => kind == RollUnder,
                "difficultyLadder" => matches!(kind, DiceSum | DicePool),
                _ => true,
            }
        };
        let set = [
            ("dice", self.dice.is_some()),
            ("die", self.die.is_some()),
            ("pool", self.pool.is_some()),
            ("naturals", self.naturals.is_some()),
            ("target", self.target.is_some()),
            ("zeroDice", self.zero_dice.is_some()),
            ("compare", self.compare.is_some()),
            ("difficultyLadder", !self.difficulty_ladder.is_empty()),
        ];
        for (property, present) in set {
            if present && !uses(property) {
                out.push((property, "not used by this resolution kind"));
            }
        }
        match kind {
            DiceSum | RollUnder if self.dice.is_none() => out.push(("dice", "required")),
            DicePool | HighestDie if self.die.is_none() => out.push(("die", "required")),
            DicePool if self.target.is_none() => out.push(("target", "required")),
            _ => {}
        }
        out
    }
}

impl LadderStep {
    /// What is wrong with the step for a resolution of `kind`, if anything.
    ///
    /// Each problem is a registered reason (`ladder-*`), so a crate that shows it (the layers
    /// crate, when a layer's ladder does not fit) shows it in the author's language.
    pub fn problems(
        &self,
        kind: ResolutionKind,
    ) -> Vec<(&'static str, &'static crate::diagnostic::Reason)> {
        use crate::diagnostic::reasons;
        let mut out = Vec::new();
        match kind {
            ResolutionKind::DiceSum => {
                if self.dc.is_none() {
                    out.push(("dc", &reasons::LADDER_REQUIRED_DC));
                }
                if self.successes.is_some() {
                    out.push(("successes", &reasons::LADDER_NO_SUCCESSES));
                }
                if self.target.is_some() {
                    out.push(("target", &reasons::LADDER_NO_TARGET));
                }
            }
            ResolutionKind::DicePool => {
                if self.successes.is_none() {
                    out.push(("successes", &reasons::LADDER_REQUIRED_SUCCESSES));
                }
                if self.dc.is_some() {
                    out.push(("dc", &reasons::LADDER_NO_DC));
                }
            }
            ResolutionKind::HighestDie | ResolutionKind::RollUnder => {
                out.push(("label", &reasons::LADDER_NONE));
            }
        }
        out
    }
}

impl Band {
    /// The conditions set that a roll of `kind` cannot read.
    pub fn problems(&self, kind: ResolutionKind) -> Vec<(&'static str, &'static str)> {
        use ResolutionKind::*;
        let set = [
            (
                "margin",
                self.margin.is_some(),
                matches!(kind, DiceSum | DicePool),
            ),
            ("natural", self.natural.is_some(), kind == DiceSum),
            ("highest", self.highest.is_some(), kind == HighestDie),
            ("face", self.face.is_some(), kind == HighestDie),
            ("count", self.count.is_some(), kind == HighestDie),
            ("success", self.success.is_some(), kind == RollUnder),
            ("doubles", self.doubles.is_some(), kind == RollUnder),
            ("roll", self.roll.is_some(), kind == RollUnder),
        ];
        let mut out: Vec<(&'static str, &'static str)> = set
            .into_iter()
            .filter(|(_, present, allowed)| *present && !allowed)
            .map(|(property, _, _)| (property, "a band of this resolution kind cannot read it"))
            .collect();
        if self.face.is_some() != self.count.is_some() {
            out.push(("face", "`face` and `count` go together"));
        }
        out
    }
}

impl Band {
    /// `(condition, range)` for each range the band sets, in the order written above.
    pub fn ranges(&self) -> impl Iterator<Item = (&'static str, &BandRange)> {
        [
            ("margin", &self.margin),
            ("natural", &self.natural),
            ("highest", &self.highest),
            ("count", &self.count),
            ("roll", &self.roll),
        ]
        .into_iter()
        .filter_map(|(name, range)| range.as_ref().map(|r| (name, r)))
    }

    /// Mutable access to each range the band sets (to read its formulas for a character).
    pub fn ranges_mut(&mut self) -> impl Iterator<Item = &mut BandRange> {
        [
            &mut self.margin,
            &mut self.natural,
            &mut self.highest,
            &mut self.count,
            &mut self.roll,
        ]
        .into_iter()
        .filter_map(Option::as_mut)
    }
}

impl BandSet {
    /// Whether any band's range reads a formula.
    pub fn reads_formulas(&self) -> bool {
        self.bands
            .values()
            .any(|band| band.ranges().any(|(_, range)| range.reads_formula()))
    }
}

#[cfg(test)]
mod bound_tests {
    use super::*;

    #[test]
    fn bare_numbers_stay_fixed_and_other_text_is_a_formula() {
        let band: Band = crate::yaml::from_str(
            "natural: { min: combat.critical_min, max: 20 }\nmargin: { min: \"0\" }\n",
        )
        .unwrap();
        let natural = band.natural.as_ref().unwrap();
        assert_eq!(
            natural.min,
            Some(Bound::Formula(Formula::new("combat.critical_min")))
        );
        assert_eq!(natural.max, Some(Bound::Fixed(20)));
        assert_eq!(natural.fixed(), None);
        assert_eq!(
            natural.resolve(|_| Some(19)),
            Some(Range {
                min: Some(19),
                max: Some(20)
            })
        );
        assert_eq!(
            band.margin.as_ref().unwrap().fixed(),
            Some(Range {
                min: Some(0),
                max: None
            })
        );
        let json = serde_json::to_value(&band).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"margin": {"min": 0}, "natural": {"min": "combat.critical_min", "max": 20}})
        );
        let back: Band = serde_json::from_value(json).unwrap();
        assert_eq!(back, band);
    }
}
