//! The spec feature table: which spec version introduced each gated feature.
//!
//! A pack's `specVersion` is the lowest spec it needs; the build refuses a pack that uses a
//! feature newer than its `specVersion` says, and `load_ruleset` refuses a pack that needs a newer
//! spec than [`SUPPORTED`]. Everything not listed here is in 1.0.0.

use semver::Version;
use serde::Serialize;

use indexmap::IndexMap;

use crate::diagnostic::{Reason, reasons};
use crate::ids::ContentId;
use crate::model::{ContentItem, Effect, EffectOp, RulesDocument, Template, Upgrade, UpgradeStep};

/// The newest spec version this library implements (it reads every 1.x up to 1.8.x).
pub const SUPPORTED: Version = Version::new(1, 8, 0);

/// The base version: everything not gated by a feature below.
pub const BASE: Version = Version::new(1, 0, 0);

/// A feature of the format introduced after 1.0.0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Feature {
    /// A `layers` section in the rules.
    Layers,
    /// A base `gm.worldGuidance` in the rules.
    WorldGuidance,
    /// A layer that removes coins (`currencies.removeUnits` / `removeFamilies`).
    LayerCoinRemoval,
    /// Upgrade scripts (`upgrades/<from>-to-<to>.yaml`).
    UpgradeScripts,
    /// The `setColumn` step of an upgrade script.
    SetColumn,
    /// Languages beyond the default one (language packs, the `-i18n` package).
    Translations,
    /// A layer that changes `items` (market sellers, `unsold`, loot tables).
    LayerItems,
    /// A content type's `parameters` or `rolls`, or a property's `default`.
    ContentRolls,
    /// A content type's `statBlock`.
    StatBlocks,
    /// A content type's `levels` (levels per class, multiclassing).
    ContentLevels,
    /// An effect with `op: best` or a `bound`, in the rules.
    EffectBestBound,
    /// A content type's `variantOf`: its items are variants applied to a base item.
    ItemVariants,
    /// A content item's own `resources` (charges, uses, points it grants).
    ContentResources,
    /// An effect with `byQuantity`, scaled by its item's quantity.
    EffectByQuantity,
    /// An effect with `whileActive`, holding only while its item is in play.
    EffectWhileActive,
    /// A content item's `rollModifiers` (changes to the rolls of the owner's other items).
    RollModifiers,
}

impl Feature {
    /// Every feature, in the order the table lists them.
    pub const ALL: [Feature; 16] = [
        Feature::Layers,
        Feature::WorldGuidance,
        Feature::LayerCoinRemoval,
        Feature::UpgradeScripts,
        Feature::SetColumn,
        Feature::Translations,
        Feature::LayerItems,
        Feature::ContentRolls,
        Feature::StatBlocks,
        Feature::ContentLevels,
        Feature::EffectBestBound,
        Feature::ItemVariants,
        Feature::ContentResources,
        Feature::EffectByQuantity,
        Feature::EffectWhileActive,
        Feature::RollModifiers,
    ];

    /// The spec version that introduced the feature.
    pub const fn since(self) -> Version {
        match self {
            Feature::Layers | Feature::WorldGuidance => Version::new(1, 1, 0),
            Feature::LayerCoinRemoval => Version::new(1, 2, 0),
            Feature::UpgradeScripts => Version::new(1, 3, 0),
            Feature::SetColumn => Version::new(1, 4, 0),
            Feature::Translations => Version::new(1, 5, 0),
            Feature::LayerItems => Version::new(1, 6, 0),
            Feature::ContentRolls | Feature::StatBlocks => Version::new(1, 7, 0),
            Feature::ContentLevels
            | Feature::EffectBestBound
            | Feature::ItemVariants
            | Feature::ContentResources
            | Feature::EffectByQuantity
            | Feature::EffectWhileActive
            | Feature::RollModifiers => Version::new(1, 8, 0),
        }
    }

    /// The feature's stable kebab-case name, as diagnostics and the spec write it.
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Layers => "layers",
            Feature::WorldGuidance => "world-guidance",
            Feature::LayerCoinRemoval => "layer-coin-removal",
            Feature::UpgradeScripts => "upgrade-scripts",
            Feature::SetColumn => "set-column",
            Feature::Translations => "translations",
            Feature::LayerItems => "layer-items",
            Feature::ContentRolls => "content-rolls",
            Feature::StatBlocks => "stat-blocks",
            Feature::ContentLevels => "content-levels",
            Feature::EffectBestBound => "effect-best-bound",
            Feature::ItemVariants => "item-variants",
            Feature::ContentResources => "content-resources",
            Feature::EffectByQuantity => "effect-by-quantity",
            Feature::EffectWhileActive => "effect-while-active",
            Feature::RollModifiers => "roll-modifiers",
        }
    }

    /// What the feature is, in words a pack author reads in a diagnostic.
    pub const fn description(self) -> &'static str {
        match self {
            Feature::Layers => "a `layers` section",
            Feature::WorldGuidance => "a base `gm.worldGuidance`",
            Feature::LayerCoinRemoval => "a layer that removes coins",
            Feature::UpgradeScripts => "upgrade scripts",
            Feature::SetColumn => "a `setColumn` upgrade step",
            Feature::Translations => "languages beyond the default language",
            Feature::LayerItems => "a layer that changes `items`",
            Feature::ContentRolls => "a content type's `parameters`, `rolls` or property `default`",
            Feature::StatBlocks => "a content type's `statBlock`",
            Feature::ContentLevels => "a content type's `levels`",
            Feature::EffectBestBound => "an effect with `op: best` or a `bound`",
            Feature::ItemVariants => "a `variantOf`",
            Feature::ContentResources => "a content item's `resources`",
            Feature::EffectByQuantity => "an effect with `byQuantity`",
            Feature::EffectWhileActive => "an effect with `whileActive`",
            Feature::RollModifiers => "a content item's `rollModifiers`",
        }
    }
}

impl Feature {
    /// What the feature is, as a reason of the standard text (its English is
    /// [`Feature::description`]), so `feature-too-new` reads in the author's language.
    pub fn reason(self) -> &'static Reason {
        match self {
            Feature::Layers => &reasons::FEATURE_LAYERS,
            Feature::WorldGuidance => &reasons::FEATURE_WORLD_GUIDANCE,
            Feature::LayerCoinRemoval => &reasons::FEATURE_LAYER_COIN_REMOVAL,
            Feature::UpgradeScripts => &reasons::FEATURE_UPGRADE_SCRIPTS,
            Feature::SetColumn => &reasons::FEATURE_SET_COLUMN,
            Feature::Translations => &reasons::FEATURE_TRANSLATIONS,
            Feature::LayerItems => &reasons::FEATURE_LAYER_ITEMS,
            Feature::ContentRolls => &reasons::FEATURE_CONTENT_ROLLS,
            Feature::StatBlocks => &reasons::FEATURE_STAT_BLOCKS,
            Feature::ContentLevels => &reasons::FEATURE_CONTENT_LEVELS,
            Feature::EffectBestBound => &reasons::FEATURE_EFFECT_BEST_BOUND,
            Feature::ItemVariants => &reasons::FEATURE_ITEM_VARIANTS,
            Feature::ContentResources => &reasons::FEATURE_CONTENT_RESOURCES,
            Feature::EffectByQuantity => &reasons::FEATURE_EFFECT_BY_QUANTITY,
            Feature::EffectWhileActive => &reasons::FEATURE_EFFECT_WHILE_ACTIVE,
            Feature::RollModifiers => &reasons::FEATURE_ROLL_MODIFIERS,
        }
    }
}

/// The lowest spec version that has every feature in `used` (at least [`BASE`]).
pub fn required_version(used: impl IntoIterator<Item = Feature>) -> Version {
    used.into_iter().map(Feature::since).max().unwrap_or(BASE)
}

/// Where a pack uses a gated feature: the feature and the JSON pointer (from the release's
/// root) of the first place that uses it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FeatureUse {
    /// The feature.
    pub feature: Feature,
    /// The first place that uses it (`/rules/layers/long_night/currencies`).
    pub pointer: String,
}

/// What of a pack decides which features it uses.
#[derive(Debug, Clone, Copy)]
pub struct PackContents<'a> {
    /// The merged rules document.
    pub rules: &'a RulesDocument,
    /// The upgrade scripts, in release order.
    pub upgrades: &'a [Upgrade],
    /// Every language the pack has text in, the default one included.
    pub languages: &'a [&'a str],
    /// The pack's default language.
    pub default_language: &'a str,
    /// The pack's content items, by ID (features can be used on content alone).
    pub content: &'a IndexMap<ContentId, ContentItem>,
    /// The pack's templates, by ID.
    pub templates: &'a IndexMap<ContentId, Template>,
}

impl<'a> PackContents<'a> {
    /// What a built release holds: its rules, its upgrades and its default language, plus the
    /// `languages` of its `-i18n` package (the default one may be listed or not).
    pub fn of_release(
        release: &'a crate::model::PackRelease,
        languages: &'a [&'a str],
    ) -> PackContents<'a> {
        PackContents {
            rules: &release.rules,
            upgrades: &release.upgrades,
            languages,
            default_language: &release.manifest.default_language,
            content: &release.content,
            templates: &release.templates,
        }
    }
}

/// The gated features a pack uses, each once with the first place that uses it, in the
/// order of [`Feature::ALL`]. A pack needs at least the [`required_version`] of them.
///
/// ```
/// use opencharacter_spec::features::{Feature, PackContents, features_used, lowest_spec_version};
/// use opencharacter_spec::model::RulesDocument;
/// let rules: RulesDocument = opencharacter_spec::yaml::from_str(
///     "layers:\n  long_night:\n    currencies: { removeUnits: [crown] }\n",
/// ).unwrap();
/// let (content, templates) = (Default::default(), Default::default());
/// let pack = PackContents {
///     rules: &rules, upgrades: &[], languages: &["en"], default_language: "en",
///     content: &content, templates: &templates,
/// };
/// let used = features_used(&pack);
/// assert_eq!(used.iter().map(|u| u.feature).collect::<Vec<_>>(), [Feature::Layers, Feature::LayerCoinRemoval]);
/// assert_eq!(used[1].pointer, "/rules/layers/long_night/currencies");
/// assert_eq!(lowest_spec_version(&pack), semver::Version::new(1, 2, 0));
/// ```
pub fn features_used(pack: &PackContents<'_>) -> Vec<FeatureUse> {
    use crate::model::formulas::escape_segment;
    let rules = pack.rules;
    let mut found: Vec<FeatureUse> = Vec::new();
    let mut note = |feature: Feature, pointer: String| {
        if !found.iter().any(|f| f.feature == feature) {
            found.push(FeatureUse { feature, pointer });
        }
    };
    if !rules.layers.is_empty() {
        note(Feature::Layers, "/rules/layers".to_owned());
    }
    if rules
        .gm
        .as_ref()
        .is_some_and(|gm| gm.world_guidance.is_some())
    {
        note(Feature::WorldGuidance, "/rules/gm/worldGuidance".to_owned());
    }
    for (id, layer) in &rules.layers {
        let at = format!("/rules/layers/{}", escape_segment(id.as_str()));
        if layer.currencies.is_some() {
            note(Feature::LayerCoinRemoval, format!("{at}/currencies"));
        }
        if layer.items.is_some() {
            note(Feature::LayerItems, format!("{at}/items"));
        }
    }
    for (id, content_type) in &rules.content_types {
        let at = format!("/rules/contentTypes/{}", escape_segment(id.as_str()));
        if !content_type.parameters.is_empty() {
            note(Feature::ContentRolls, format!("{at}/parameters"));
        }
        if !content_type.rolls.is_empty() {
            note(Feature::ContentRolls, format!("{at}/rolls"));
        }
        if let Some((property, _)) = content_type
            .properties
            .iter()
            .find(|(_, p)| p.default.is_some())
        {
            let property = escape_segment(property.as_str());
            note(
                Feature::ContentRolls,
                format!("{at}/properties/{property}/default"),
            );
        }
        if content_type.stat_block.is_some() {
            note(Feature::StatBlocks, format!("{at}/statBlock"));
        }
        if content_type.levels.is_some() {
            note(Feature::ContentLevels, format!("{at}/levels"));
        }
        if !content_type.variant_of.is_empty() {
            note(Feature::ItemVariants, format!("{at}/variantOf"));
        }
    }
    let best_or_bound = |e: &Effect| e.op == EffectOp::Best || e.bound.is_some();
    let mut effects: Vec<(String, &Effect)> = Vec::new();
    for (id, effect) in &rules.effects {
        effects.push((
            format!("/rules/effects/{}", escape_segment(id.as_str())),
            effect,
        ));
    }
    for (id, choice) in &rules.situational_choices {
        let at = format!(
            "/rules/situationalChoices/{}/modify",
            escape_segment(id.as_str())
        );
        effects.extend((choice.modify.iter().enumerate()).map(|(i, e)| (format!("{at}/{i}"), e)));
    }
    for (id, content_type) in &rules.content_types {
        if let Some(block) = &content_type.stat_block {
            let at = format!(
                "/rules/contentTypes/{}/statBlock/effects",
                escape_segment(id.as_str())
            );
            effects
                .extend((block.effects.iter().enumerate()).map(|(i, e)| (format!("{at}/{i}"), e)));
        }
    }
    // Content items and templates use features on their own: their effects, an item's own
    // `variantOf` and `resources`.
    for (id, item) in pack.content {
        let at = format!("/content/{}", escape_segment(id.as_str()));
        if item
            .variant_of
            .as_ref()
            .is_some_and(|bases| !bases.is_empty())
        {
            note(Feature::ItemVariants, format!("{at}/variantOf"));
        }
        if item.resources.as_ref().is_some_and(|r| !r.is_empty()) {
            note(Feature::ContentResources, format!("{at}/resources"));
        }
        if !item.roll_modifiers.is_empty() {
            note(Feature::RollModifiers, format!("{at}/rollModifiers"));
        }
        let item_effects = item.effects.iter().flatten().enumerate();
        effects.extend(item_effects.map(|(i, e)| (format!("{at}/effects/{i}"), e)));
    }
    for (id, template) in pack.templates {
        let at = format!("/templates/{}/effects", escape_segment(id.as_str()));
        effects
            .extend((template.effects.iter().enumerate()).map(|(i, e)| (format!("{at}/{i}"), e)));
    }
    if let Some((at, _)) = effects.iter().find(|(_, e)| best_or_bound(e)) {
        note(Feature::EffectBestBound, at.clone());
    }
    if let Some((at, _)) = effects.iter().find(|(_, e)| e.by_quantity) {
        note(Feature::EffectByQuantity, format!("{at}/byQuantity"));
    }
    if let Some((at, _)) = effects.iter().find(|(_, e)| e.while_active) {
        note(Feature::EffectWhileActive, format!("{at}/whileActive"));
    }
    if !pack.upgrades.is_empty() {
        note(Feature::UpgradeScripts, "/upgrades".to_owned());
    }
    for (index, upgrade) in pack.upgrades.iter().enumerate() {
        for (step_index, step) in upgrade.steps.iter().enumerate() {
            if matches!(step, UpgradeStep::SetColumn(_)) {
                note(
                    Feature::SetColumn,
                    format!("/upgrades/{index}/steps/{step_index}/setColumn"),
                );
            }
        }
    }
    if let Some(other) = pack
        .languages
        .iter()
        .find(|language| **language != pack.default_language)
    {
        note(
            Feature::Translations,
            format!("/i18n/{}", escape_segment(other)),
        );
    }
    found.sort_by_key(|use_| Feature::ALL.iter().position(|f| *f == use_.feature));
    found
}

/// The lowest spec version a pack can declare: the newest feature it uses, at least [`BASE`].
pub fn lowest_spec_version(pack: &PackContents<'_>) -> Version {
    required_version(features_used(pack).into_iter().map(|use_| use_.feature))
}

/// The features a pack uses beyond what its declared `spec_version` gives, each with where.
pub fn features_beyond(pack: &PackContents<'_>, spec_version: &Version) -> Vec<FeatureUse> {
    features_used(pack)
        .into_iter()
        .filter(|use_| use_.feature.since() > *spec_version)
        .collect()
}

/// Whether this library can read a pack that needs `spec_version`: same major, not newer than
/// [`SUPPORTED`] in minor (any patch of a supported minor is read).
pub fn is_supported(spec_version: &Version) -> bool {
    spec_version.major == SUPPORTED.major
        && spec_version.minor <= SUPPORTED.minor
        && spec_version.pre.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_briefs() {
        let table: Vec<(&str, String)> = Feature::ALL
            .iter()
            .map(|f| (f.name(), f.since().to_string()))
            .collect();
        assert_eq!(
            table,
            [
                ("layers", "1.1.0".to_owned()),
                ("world-guidance", "1.1.0".to_owned()),
                ("layer-coin-removal", "1.2.0".to_owned()),
                ("upgrade-scripts", "1.3.0".to_owned()),
                ("set-column", "1.4.0".to_owned()),
                ("translations", "1.5.0".to_owned()),
                ("layer-items", "1.6.0".to_owned()),
                ("content-rolls", "1.7.0".to_owned()),
                ("stat-blocks", "1.7.0".to_owned()),
                ("content-levels", "1.8.0".to_owned()),
                ("effect-best-bound", "1.8.0".to_owned()),
                ("item-variants", "1.8.0".to_owned()),
                ("content-resources", "1.8.0".to_owned()),
                ("effect-by-quantity", "1.8.0".to_owned()),
                ("effect-while-active", "1.8.0".to_owned()),
                ("roll-modifiers", "1.8.0".to_owned()),
            ]
        );
    }

    /// versions.md: a content item's own `variantOf`, `resources` and `rollModifiers`, and
    /// `best`, `bound` or `byQuantity` in an item's or a template's effects, need 1.8.0 though
    /// the rules use none.
    #[test]
    fn content_alone_can_need_1_8() {
        let rules = RulesDocument::default();
        let content: IndexMap<ContentId, ContentItem> = crate::yaml::from_str(
            "wands.missiles:\n  type: wand\n  resources: { charges: { max: \"7\" } }\n\
             armor.plus-one:\n  type: armor\n  variantOf: [armor]\n\
             charms.stone:\n  type: charm\n  effects: [{ target: ward, op: best, value: \"2\", byQuantity: true }]\n\
             feats.keen:\n  type: feat\n  rollModifiers: [{ type: spell, rolls: [damage], add: \"1\" }]\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let templates = IndexMap::new();
        let pack = PackContents {
            rules: &rules,
            upgrades: &[],
            languages: &["en"],
            default_language: "en",
            content: &content,
            templates: &templates,
        };
        let used: Vec<(&str, String)> = features_used(&pack)
            .into_iter()
            .map(|u| (u.feature.name(), u.pointer))
            .collect();
        assert_eq!(
            used,
            [
                (
                    "effect-best-bound",
                    "/content/charms.stone/effects/0".to_owned()
                ),
                (
                    "item-variants",
                    "/content/armor.plus-one/variantOf".to_owned()
                ),
                (
                    "content-resources",
                    "/content/wands.missiles/resources".to_owned()
                ),
                (
                    "effect-by-quantity",
                    "/content/charms.stone/effects/0/byQuantity".to_owned()
                ),
                (
                    "roll-modifiers",
                    "/content/feats.keen/rollModifiers".to_owned()
                ),
            ]
        );
        assert_eq!(lowest_spec_version(&pack), Version::new(1, 8, 0));
    }

    #[test]
    fn versions_grow_in_table_order() {
        assert!(
            Feature::ALL
                .windows(2)
                .all(|pair| pair[0].since() <= pair[1].since())
        );
        assert_eq!(
            Feature::ALL.iter().map(|f| f.since()).max(),
            Some(SUPPORTED)
        );
    }

    #[test]
    fn levels_and_best_or_bound_effects_need_1_8() {
        let rules: RulesDocument = crate::yaml::from_str(
            "contentTypes:\n  class: { levels: { defaultFrom: level } }\n\
             effects:\n  plain: { target: ac, op: add, value: '1' }\n\
             \x20 cap: { target: str, op: set, value: '24', bound: max }\n",
        )
        .unwrap();
        let pack = PackContents {
            rules: &rules,
            upgrades: &[],
            languages: &["en"],
            default_language: "en",
            content: &indexmap::IndexMap::new(),
            templates: &indexmap::IndexMap::new(),
        };
        let used: Vec<(Feature, String)> = features_used(&pack)
            .into_iter()
            .map(|u| (u.feature, u.pointer))
            .collect();
        assert_eq!(
            used,
            [
                (
                    Feature::ContentLevels,
                    "/rules/contentTypes/class/levels".to_owned()
                ),
                (Feature::EffectBestBound, "/rules/effects/cap".to_owned()),
            ]
        );
        assert_eq!(lowest_spec_version(&pack), Version::new(1, 8, 0));
    }

    #[test]
    fn required_version_is_the_newest_feature() {
        assert_eq!(required_version([]), BASE);
        assert_eq!(
            required_version([Feature::SetColumn, Feature::Layers]),
            Version::new(1, 4, 0)
        );
    }

    #[test]
    fn supported_versions() {
        assert!(is_supported(&Version::new(1, 0, 0)));
        assert!(is_supported(&Version::new(1, 7, 3)));
        assert!(is_supported(&Version::new(1, 8, 1)));
        assert!(is_supported(&Version::new(1, 8, 0)));
        assert!(!is_supported(&Version::new(1, 9, 0)));
        assert!(!is_supported(&Version::new(2, 0, 0)));
        assert!(!is_supported(&Version::new(0, 9, 0)));
    }
}
