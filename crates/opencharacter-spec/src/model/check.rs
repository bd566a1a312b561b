//! Shape checks the schema cannot make alone: which properties apply to a field's type, to a
//! resolution's kind and to a band's kind, "exactly one of" rules, the layer limits. Each
//! finds every problem of one document, with the JSON pointer of what it is about, and none
//! needs another file or another pack (those checks belong to the crates that combine packs).
//!
//! This file holds the per-definition checks and the entry points; what a problem is lives in
//! `check/problem.rs`, the walks over whole documents in `check/documents.rs`.

use crate::diagnostic::{Phrase, Word, reasons};

use super::character::Character;
use super::common::{Choice, GoodsFilter, Scalar};
use super::content::ContentItem;
use super::economy::LootTable;
use super::formulas::escape_segment;
use super::manifest::{LicenseKind, Manifest};
use super::resolution::ResolutionKind;
use super::rules::{ColumnDef, FieldDef, PropertyDef, RulesDocument, SettingDef, ValueType};

mod documents;
mod problem;

pub use problem::{Problem, ProblemKind};

struct Checker {
    path: Vec<String>,
    out: Vec<Problem>,
}

impl Checker {
    fn new(root: &[&str]) -> Self {
        Checker {
            path: root.iter().map(|s| escape_segment(s)).collect(),
            out: Vec::new(),
        }
    }

    fn here(&self, last: Option<&str>) -> String {
        let mut pointer = String::new();
        for segment in self.path.iter().map(String::as_str).chain(last) {
            pointer.push('/');
            pointer.push_str(&escape_segment(segment));
        }
        pointer
    }

    fn within(&mut self, segment: impl AsRef<str>, f: impl FnOnce(&mut Self)) {
        self.path.push(escape_segment(segment.as_ref()));
        f(self);
        self.path.pop();
    }

    fn report(&mut self, property: Option<&str>, kind: ProblemKind) {
        let pointer = self.here(property);
        self.out.push(Problem { pointer, kind });
    }

    fn not_allowed(&mut self, property: &'static str, on: &Phrase) {
        self.report(
            Some(property),
            ProblemKind::NotAllowed {
                property,
                on: on.clone(),
            },
        );
    }

    fn required(&mut self, property: &'static str, on: &Phrase) {
        self.report(
            None,
            ProblemKind::Required {
                property,
                on: on.clone(),
            },
        );
    }

    fn exactly_one(&mut self, properties: &'static str, set: &[bool]) {
        if set.iter().filter(|s| **s).count() != 1 {
            self.report(None, ProblemKind::ExactlyOneOf { properties });
        }
    }

    fn value(&mut self, property: &str, value: impl Into<Word>, allowed: Phrase) {
        self.report(
            Some(property),
            ProblemKind::ValueNotAllowed {
                value: value.into(),
                allowed,
            },
        );
    }

    /// Reports each `(property, set)` pair that is set but not `allowed`.
    fn only(&mut self, on: &Phrase, props: &[(&'static str, bool)], allowed: &[&str]) {
        for (property, set) in props {
            if *set && !allowed.contains(property) {
                self.not_allowed(property, on);
            }
        }
    }

    fn default_fits(
        &mut self,
        value_type: ValueType,
        default: Option<&Scalar>,
        values: &[crate::ids::FieldId],
    ) {
        let Some(default) = default else { return };
        let fits = match value_type {
            ValueType::Number => matches!(default, Scalar::Number(_)),
            ValueType::Boolean => matches!(default, Scalar::Bool(_)),
            ValueType::Text | ValueType::Dice | ValueType::Formula | ValueType::Content => {
                matches!(default, Scalar::Text(_))
            }
            ValueType::Enum => default
                .as_text()
                .is_some_and(|text| values.iter().any(|v| v.as_str() == text)),
            ValueType::List => false,
        };
        if !fits {
            let allowed = match value_type {
                ValueType::Enum => Phrase::new(&reasons::ALLOWED_ONE_OF).with_arg(
                    "values",
                    values
                        .iter()
                        .map(|v| format!("`{v}`"))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
                other => Phrase::new(&reasons::ALLOWED_TYPE).with_arg("type", other.name()),
            };
            self.value("default", scalar_text(default), allowed);
        }
    }

    fn field(&mut self, field: &FieldDef, is_part: bool) {
        let kind = field.value_type.name();
        let on = Phrase::new(&reasons::ON_FIELD).with_arg("type", kind);
        let props = [
            ("default", field.default.is_some()),
            ("min", field.min.is_some()),
            ("max", field.max.is_some()),
            ("maxLength", field.max_length.is_some()),
            ("values", !field.values.is_empty()),
            ("formula", field.formula.is_some()),
            ("columns", !field.columns.is_empty()),
            ("maxRows", field.max_rows.is_some()),
            ("parts", !field.parts.is_empty()),
            ("role", field.role.is_some()),
        ];
        let common = ["default", "formula", "role", "parts"];
        let allowed: Vec<&str> = match field.value_type {
            ValueType::Number => [&common[..], &["min", "max"]].concat(),
            ValueType::Text => [&common[..], &["maxLength"]].concat(),
            ValueType::Boolean | ValueType::Dice => common.to_vec(),
            ValueType::Enum => [&common[..], &["values"]].concat(),
            ValueType::List => vec!["columns", "maxRows"],
            ValueType::Formula | ValueType::Content => {
                self.value("type", kind, Phrase::new(&reasons::ALLOWED_FIELD_TYPES));
                return;
            }
        };
        self.only(&on, &props, &allowed);
        if is_part && !field.parts.is_empty() {
            self.not_allowed("parts", &Phrase::new(&reasons::ON_PART));
        }
        match field.value_type {
            ValueType::Enum if field.values.is_empty() => self.required("values", &on),
            ValueType::List if field.columns.is_empty() => self.required("columns", &on),
            _ => {}
        }
        if field.value_type != ValueType::List {
            self.default_fits(field.value_type, field.default.as_ref(), &field.values);
        }
        if !field.columns.is_empty() {
            self.within("columns", |c| {
                for (id, column) in &field.columns {
                    c.within(id, |c| c.column(column));
                }
            });
        }
        if !field.parts.is_empty() {
            self.within("parts", |c| {
                for (id, part) in &field.parts {
                    c.within(id, |c| c.field(part, true));
                }
            });
        }
    }

    fn column(&mut self, column: &ColumnDef) {
        let kind = column.value_type.name();
        let on = Phrase::new(&reasons::ON_COLUMN).with_arg("type", kind);
        if matches!(column.value_type, ValueType::Formula | ValueType::List) {
            self.value("type", kind, Phrase::new(&reasons::ALLOWED_COLUMN_TYPES));
            return;
        }
        let props = [
            ("min", column.min.is_some()),
            ("max", column.max.is_some()),
            ("maxLength", column.max_length.is_some()),
            ("values", !column.values.is_empty()),
        ];
        let allowed: &[&str] = match column.value_type {
            ValueType::Number => &["min", "max"],
            ValueType::Text => &["maxLength"],
            ValueType::Enum => &["values"],
            _ => &[],
        };
        self.only(&on, &props, allowed);
        if column.value_type == ValueType::Enum && column.values.is_empty() {
            self.required("values", &on);
        }
        self.default_fits(column.value_type, column.default.as_ref(), &column.values);
    }

    fn property(&mut self, property: &PropertyDef) {
        let kind = property.value_type.name();
        let on = Phrase::new(&reasons::ON_PROPERTY).with_arg("type", kind);
        if property.value_type == ValueType::List {
            self.value("type", kind, Phrase::new(&reasons::ALLOWED_NOT_LIST));
            return;
        }
        let props = [
            ("min", property.min.is_some()),
            ("max", property.max.is_some()),
            ("values", !property.values.is_empty()),
            ("types", !property.types.is_empty()),
        ];
        let allowed: &[&str] = match property.value_type {
            ValueType::Number => &["min", "max"],
            ValueType::Enum => &["values"],
            ValueType::Content => &["types"],
            _ => &[],
        };
        self.only(&on, &props, allowed);
        if property.value_type == ValueType::Enum && property.values.is_empty() {
            self.required("values", &on);
        }
    }

    fn setting(&mut self, setting: &SettingDef) {
        let kind = setting.value_type.name();
        let on = Phrase::new(&reasons::ON_SETTING).with_arg("type", kind);
        if !matches!(
            setting.value_type,
            ValueType::Boolean | ValueType::Number | ValueType::Enum
        ) {
            self.value("type", kind, Phrase::new(&reasons::ALLOWED_SETTING_TYPES));
            return;
        }
        let props = [
            ("min", setting.min.is_some()),
            ("max", setting.max.is_some()),
            ("values", !setting.values.is_empty()),
        ];
        let allowed: &[&str] = match setting.value_type {
            ValueType::Number => &["min", "max"],
            ValueType::Enum => &["values"],
            _ => &[],
        };
        self.only(&on, &props, allowed);
        if setting.value_type == ValueType::Enum && setting.values.is_empty() {
            self.required("values", &on);
        }
        self.default_fits(setting.value_type, Some(&setting.default), &setting.values);
    }

    fn choice(&mut self, choice: &Choice) {
        self.exactly_one(
            "`items`, `query`",
            &[!choice.items.is_empty(), choice.query.is_some()],
        );
    }

    fn goods(&mut self, filter: &GoodsFilter) {
        if filter.content_type.is_none()
            && filter.tag.is_none()
            && filter.item.is_none()
            && filter.filters.is_empty()
        {
            self.report(
                None,
                ProblemKind::AtLeastOneOf {
                    properties: "`type`, `tag`, `item`, `filters`",
                },
            );
        }
    }

    fn goods_list(&mut self, segment: &str, filters: &[GoodsFilter]) {
        self.within(segment, |c| {
            for (index, filter) in filters.iter().enumerate() {
                c.within(index.to_string(), |c| c.goods(filter));
            }
        });
    }

    fn loot_table(&mut self, table: &LootTable) {
        self.within("entries", |c| {
            for (index, entry) in table.entries.iter().enumerate() {
                c.within(index.to_string(), |c| {
                    if !entry.is_well_formed() {
                        c.report(
                            None,
                            ProblemKind::ExactlyOneOf {
                                properties: "`item`, `filter`, `coins`",
                            },
                        );
                    }
                    if entry.weight == 0 {
                        c.value("weight", "0", Phrase::new(&reasons::ALLOWED_WHOLE_MIN_1));
                    }
                    if let Some(filter) = &entry.filter {
                        c.within("filter", |c| c.goods(filter));
                    }
                });
            }
        });
    }

    /// A ladder's steps: the properties their kind reads, and (a dice pool's) a `target`
    /// within `targets`, the range the resolution's `target` gives.
    fn ladder(
        &mut self,
        steps: &[super::resolution::LadderStep],
        kind: ResolutionKind,
        targets: Option<(u32, u32)>,
    ) {
        for (index, step) in steps.iter().enumerate() {
            self.within(index.to_string(), |c| {
                if let (Some(target), Some((min, max))) = (step.target, targets)
                    && !(min..=max).contains(&target)
                {
                    c.report(
                        Some("target"),
                        ProblemKind::LadderTargetOutside {
                            label: step.label.to_string(),
                            target,
                            min,
                            max,
                        },
                    );
                }
                for (property, problem) in step.problems(kind) {
                    // `ladder-required-*` reasons are a missing property; the others one
                    // that does not belong.
                    let problem = if problem.key.starts_with("ladder-required") {
                        "required"
                    } else {
                        "not used"
                    };
                    c.kind_problem(
                        property,
                        problem,
                        &Phrase::new(&reasons::ON_LADDER_STEP).with_arg("kind", kind.name()),
                    );
                }
            });
        }
    }

    fn kind_problem(&mut self, property: &'static str, problem: &str, on: &Phrase) {
        if problem == "required" || problem.starts_with("required") {
            self.required(property, on);
        } else {
            self.not_allowed(property, on);
        }
    }
}

fn has_ladder(kind: ResolutionKind) -> bool {
    matches!(kind, ResolutionKind::DiceSum | ResolutionKind::DicePool)
}

fn scalar_text(value: &Scalar) -> String {
    match value {
        Scalar::Bool(b) => b.to_string(),
        Scalar::Number(n) => n.to_string(),
        Scalar::Text(t) => t.clone(),
    }
}

/// Every shape problem of a rules document (one file, or the merged document), pointers from
/// its root.
///
/// ```
/// use opencharacter_spec::model::{RulesDocument, check::rules_problems};
/// let rules: RulesDocument = opencharacter_spec::yaml::from_str(
///     "fields:\n  name: { type: text, min: 1 }\n",
/// ).unwrap();
/// let problems = rules_problems(&rules);
/// assert_eq!(problems[0].pointer, "/fields/name/min");
/// assert_eq!(problems[0].to_diagnostic().message(), "`min` does not apply to a field of type `text`");
/// ```
pub fn rules_problems(rules: &RulesDocument) -> Vec<Problem> {
    let mut checker = Checker::new(&[]);
    checker.rules(rules);
    checker.out
}

/// What a manifest's license asks of it: `credit` for CC-BY and ORC; the notices `orc`,
/// `reserved-material` and `expressly-designated` for ORC; `ogl-license` and `section-15` for
/// OGL-1.0a. Each missing one is a [`ProblemKind::Required`] at the manifest's root.
///
/// ```
/// use opencharacter_spec::model::{Manifest, check::manifest_problems};
/// let manifest: Manifest = opencharacter_spec::yaml::from_str(
///     "id: x\nversion: 0.1.0\nspecVersion: 1.0.0\nlicense: ORC\ndefaultLanguage: en\n\
///      notices: { orc: text }\n",
/// ).unwrap();
/// let messages: Vec<String> =
///     manifest_problems(&manifest).iter().map(|p| p.to_diagnostic().message()).collect();
/// assert_eq!(messages, [
///     "a pack licensed `ORC` needs `credit`",
///     "a pack licensed `ORC` needs `notices.reserved-material`",
///     "a pack licensed `ORC` needs `notices.expressly-designated`",
/// ]);
/// ```
pub fn manifest_problems(manifest: &Manifest) -> Vec<Problem> {
    let (credit, notices): (bool, &[&'static str]) = match manifest.license.kind() {
        LicenseKind::CreativeCommonsBy => (true, &[]),
        LicenseKind::Orc => (true, &["orc", "reserved-material", "expressly-designated"]),
        LicenseKind::Ogl10a => (false, &["ogl-license", "section-15"]),
        LicenseKind::Spdx | LicenseKind::MechanicsOnly => (false, &[]),
    };
    let on = Phrase::new(&reasons::ON_LICENSE).with_arg("license", &manifest.license.0);
    let mut checker = Checker::new(&[]);
    if credit
        && manifest
            .credit
            .as_deref()
            .is_none_or(|c| c.trim().is_empty())
    {
        checker.required("credit", &on);
    }
    for notice in notices {
        let present = manifest
            .notices
            .get(*notice)
            .is_some_and(|text| !text.trim().is_empty());
        if !present {
            let property: &'static str = match *notice {
                "orc" => "notices.orc",
                "reserved-material" => "notices.reserved-material",
                "expressly-designated" => "notices.expressly-designated",
                "ogl-license" => "notices.ogl-license",
                _ => "notices.section-15",
            };
            checker.required(property, &on);
        }
    }
    checker.out
}

/// The targets a dice pool's ladder step may name: the resolution's `target.min` (else 1, the
/// lowest face) to `target.max` (else `die`, the highest face). `None` for other kinds.
fn target_range(resolution: &super::resolution::Resolution) -> Option<(u32, u32)> {
    let target = resolution.target.as_ref()?;
    if resolution.kind != ResolutionKind::DicePool {
        return None;
    }
    let max = target.max.or(resolution.die).unwrap_or(u32::MAX);
    Some((target.min.unwrap_or(1), max))
}

/// Every shape problem of a content item, pointers from its root.
pub fn content_problems(item: &ContentItem) -> Vec<Problem> {
    let mut checker = Checker::new(&[]);
    checker.content(item);
    checker.out
}

/// Every shape problem of a character file, pointers from its root: exactly one of `game` and
/// `setup`, and its homebrew content's forms and IDs.
pub fn character_problems(character: &Character) -> Vec<Problem> {
    let mut checker = Checker::new(&[]);
    checker.exactly_one(
        "`game`, `setup`",
        &[character.game.is_some(), character.setup.is_some()],
    );
    checker.within("homebrew", |c| {
        c.within("content", |c| {
            for (id, item) in &character.homebrew.content {
                c.within(id, |c| {
                    c.content(item);
                    if item.id.as_ref().is_some_and(|own| own != id) {
                        c.value(
                            "id",
                            item.id
                                .as_ref()
                                .map(ToString::to_string)
                                .unwrap_or_default(),
                            Phrase::new(&reasons::ALLOWED_FILED_KEY).with_arg("id", id),
                        );
                    }
                });
            }
        });
    });
    checker.out
}
