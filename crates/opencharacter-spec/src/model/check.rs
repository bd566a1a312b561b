//! Shape checks the schema cannot make alone: which properties apply to a field's type, to a
//! resolution's kind and to a band's kind, "exactly one of" rules, the layer limits. Each
//! finds every problem of one document, with the JSON pointer of what it is about, and none
//! needs another file or another pack (those checks belong to the crates that combine packs).

use crate::diagnostic::{Diagnostic, Phrase, Word, codes, reasons};

use super::character::Character;
use super::common::{Choice, GoodsFilter, Scalar};
use super::content::{ContentFormError, ContentItem};
use super::economy::LootTable;
use super::formulas::escape_segment;
use super::layer::{MAX_LAYER_GUIDANCE_CHARS, MAX_LAYERS};
use super::manifest::{LicenseKind, Manifest};
use super::resolution::ResolutionKind;
use super::rules::{ColumnDef, FieldDef, PropertyDef, RulesDocument, SettingDef, ValueType};

/// One shape problem and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON pointer, from the document's root, of the object the problem is about (for a
    /// property that should not be there, the property itself).
    pub pointer: String,
    /// What is wrong.
    pub kind: ProblemKind,
}

/// What is wrong, with the words a diagnostic needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    /// A property that does not apply to what it is set on (`min` on a `text` field).
    NotAllowed {
        /// The property.
        property: &'static str,
        /// What it is set on (`a field of type text`), in words of the standard text.
        on: Phrase,
    },
    /// A property that must be set is not.
    Required {
        /// The property.
        property: &'static str,
        /// What needs it, in words of the standard text.
        on: Phrase,
    },
    /// More or fewer than one of a set of properties is set.
    ExactlyOneOf {
        /// The properties, as written (`` `items`, `query` ``).
        properties: &'static str,
    },
    /// None of a set of properties is set.
    AtLeastOneOf {
        /// The properties.
        properties: &'static str,
    },
    /// A value outside what is allowed.
    ValueNotAllowed {
        /// The value, as written (or, for a value that is missing, words saying so).
        value: Word,
        /// What is allowed, in words of the standard text.
        allowed: Phrase,
    },
    /// A limit of the format is exceeded.
    Limit {
        /// What is counted: a registered reason (`count-*`), so it reads in the author's language.
        what: &'static crate::diagnostic::Reason,
        /// How many there are.
        found: usize,
        /// The limit.
        limit: usize,
    },
    /// A property a content type's roll or stat block names that the type does not declare.
    UnknownProperty {
        /// The property, as named.
        property: String,
        /// The content type.
        content_type: String,
    },
    /// A value of the wrong type for a property: a property's `default`, or a roll's `about`
    /// naming a property that is not a `content` one.
    PropertyTypeMismatch {
        /// The property.
        property: String,
        /// What was expected, in words of the standard text.
        expected: Phrase,
        /// What was found: the value as written, or words of the standard text.
        found: Word,
    },
    /// A dice-pool ladder step whose `target` is outside the resolution's `target` range.
    LadderTargetOutside {
        /// The step's label.
        label: String,
        /// The target it names.
        target: u32,
        /// The lowest target a step may name.
        min: u32,
        /// The highest.
        max: u32,
    },
    /// An ID defined twice.
    DuplicateId {
        /// The section.
        section: String,
        /// The ID.
        id: String,
    },
}

impl Problem {
    /// The problem as a diagnostic, located by its pointer (the reader adds file, line and column).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let diagnostic = match &self.kind {
            ProblemKind::NotAllowed { property, on } => {
                Diagnostic::new(&codes::PROPERTY_NOT_ALLOWED)
                    .with_arg("property", property)
                    .with_word("on", on.clone())
            }
            ProblemKind::Required { property, on } => Diagnostic::new(&codes::PROPERTY_REQUIRED)
                .with_arg("property", property)
                .with_word("on", on.clone()),
            ProblemKind::ExactlyOneOf { properties } => {
                Diagnostic::new(&codes::EXACTLY_ONE_OF).with_arg("properties", properties)
            }
            ProblemKind::AtLeastOneOf { properties } => {
                Diagnostic::new(&codes::AT_LEAST_ONE_OF).with_arg("properties", properties)
            }
            ProblemKind::ValueNotAllowed { value, allowed } => {
                Diagnostic::new(&codes::VALUE_NOT_ALLOWED)
                    .with_word("value", value.clone())
                    .with_word("allowed", allowed.clone())
            }
            ProblemKind::Limit { what, found, limit } => Diagnostic::new(&codes::RULES_LIMIT)
                .with_word("what", crate::diagnostic::Phrase::new(what))
                .with_arg("found", found)
                .with_arg("limit", limit),
            ProblemKind::UnknownProperty {
                property,
                content_type,
            } => Diagnostic::new(&codes::CONTENT_TYPE_PROPERTY_UNKNOWN)
                .with_arg("property", property)
                .with_arg("type", content_type),
            ProblemKind::PropertyTypeMismatch {
                property,
                expected,
                found,
            } => Diagnostic::new(&codes::PROPERTY_TYPE_MISMATCH)
                .with_arg("property", property)
                .with_word("expected", expected.clone())
                .with_word("found", found.clone()),
            ProblemKind::LadderTargetOutside {
                label,
                target,
                min,
                max,
            } => Diagnostic::new(&codes::LADDER_TARGET_OUTSIDE)
                .with_arg("label", label)
                .with_arg("target", target)
                .with_arg("min", min)
                .with_arg("max", max),
            ProblemKind::DuplicateId { section, id } => Diagnostic::new(&codes::DUPLICATE_ID)
                .with_arg("section", section)
                .with_arg("id", id),
        };
        diagnostic.with_pointer(&self.pointer)
    }
}

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

    fn rules(&mut self, rules: &RulesDocument) {
        self.within("fields", |c| {
            for (id, field) in &rules.fields {
                c.within(id, |c| c.field(field, false));
                for part in field.parts.keys() {
                    let full = format!("{id}.{part}");
                    if full.len() > crate::ids::MAX_ID_LEN {
                        c.report(
                            None,
                            ProblemKind::Limit {
                                what: &crate::diagnostic::reasons::COUNT_PART_ID_BYTES,
                                found: full.len(),
                                limit: crate::ids::MAX_ID_LEN,
                            },
                        );
                    } else if rules.fields.keys().any(|other| other.as_str() == full) {
                        c.report(
                            None,
                            ProblemKind::DuplicateId {
                                section: "fields".to_owned(),
                                id: full,
                            },
                        );
                    }
                }
            }
        });
        self.within("contentTypes", |c| {
            for (id, content_type) in &rules.content_types {
                c.within(id, |c| {
                    c.within("properties", |c| {
                        for (id, property) in &content_type.properties {
                            c.within(id, |c| c.property(property));
                        }
                    });
                    let at = c.here(None);
                    c.out.extend(super::content_rolls::problems(
                        id.as_str(),
                        content_type,
                        &at,
                    ));
                });
            }
        });
        self.within("settings", |c| {
            for (id, setting) in &rules.settings {
                c.within(id, |c| c.setting(setting));
            }
        });
        let kind = rules.resolution.as_ref().map(|r| r.kind);
        if let Some(resolution) = &rules.resolution {
            self.within("resolution", |c| {
                let on =
                    Phrase::new(&reasons::ON_RESOLUTION).with_arg("kind", resolution.kind.name());
                for (property, problem) in resolution.problems() {
                    c.kind_problem(property, problem, &on);
                }
                if has_ladder(resolution.kind) {
                    c.within("difficultyLadder", |c| {
                        c.ladder(
                            &resolution.difficulty_ladder,
                            resolution.kind,
                            target_range(resolution),
                        );
                    });
                }
            });
        }
        self.within("resultBands", |c| {
            for (id, set) in &rules.result_bands {
                let Some(kind) = set.kind.or(kind) else {
                    continue;
                };
                c.within(id, |c| {
                    c.within("bands", |c| {
                        for (band_id, band) in &set.bands {
                            c.within(band_id, |c| {
                                let on =
                                    Phrase::new(&reasons::ON_BAND).with_arg("kind", kind.name());
                                for (property, problem) in band.problems(kind) {
                                    c.kind_problem(property, problem, &on);
                                }
                            });
                        }
                    });
                });
            }
        });
        self.within("actions", |c| {
            for (id, action) in &rules.actions {
                c.within(id, |c| {
                    c.within("use", |c| {
                        let uses = &action.uses;
                        c.exactly_one(
                            "`check`, `roll`, `formula`",
                            &[
                                uses.check.is_some(),
                                uses.roll.is_some(),
                                uses.formula.is_some(),
                            ],
                        );
                    });
                });
            }
        });
        self.within("choices", |c| {
            for (id, choice) in &rules.choices {
                c.within(id, |c| c.choice(choice));
            }
        });
        self.within("currencies", |c| {
            let mut seen: Vec<&str> = Vec::new();
            for (id, family) in &rules.currencies {
                c.within(id, |c| {
                    if family.units.is_empty() {
                        c.required("units", &Phrase::new(&reasons::ON_CURRENCY_FAMILY));
                    } else if !family.units.values().any(|unit| unit.value == 1) {
                        c.value(
                            "units",
                            Phrase::new(&reasons::NO_UNIT_WORTH_1),
                            Phrase::new(&reasons::ALLOWED_UNIT_WORTH_1),
                        );
                    }
                    c.within("units", |c| {
                        for (unit_id, unit) in &family.units {
                            if unit.value == 0 {
                                c.within(unit_id, |c| {
                                    c.value(
                                        "value",
                                        "0",
                                        Phrase::new(&reasons::ALLOWED_WHOLE_MIN_1),
                                    );
                                });
                            }
                            if seen.contains(&unit_id.as_str()) {
                                c.report(
                                    Some(unit_id.as_str()),
                                    ProblemKind::DuplicateId {
                                        section: "currencies".to_owned(),
                                        id: unit_id.to_string(),
                                    },
                                );
                            }
                            seen.push(unit_id.as_str());
                        }
                    });
                });
            }
        });
        if let Some(market) = &rules.market {
            self.within("market", |c| {
                if !market.prices.is_empty()
                    && market.prices.values().filter(|p| p.default).count() != 1
                {
                    c.within("prices", |c| {
                        c.report(
                            None,
                            ProblemKind::ExactlyOneOf {
                                properties: "price levels with `default: true`",
                            },
                        );
                    });
                }
                c.within("sold", |c| {
                    for (index, rule) in market.sold.iter().enumerate() {
                        c.within(index.to_string(), |c| {
                            c.within("filter", |c| c.goods(&rule.filter))
                        });
                    }
                });
                c.within("sellers", |c| {
                    for (id, seller) in &market.sellers {
                        c.within(id, |c| c.goods_list("sells", &seller.sells));
                    }
                });
                c.goods_list("unsold", &market.unsold);
            });
        }
        self.within("lootTables", |c| {
            for (id, table) in &rules.loot_tables {
                c.within(id, |c| c.loot_table(table));
            }
        });
        let targets = rules.resolution.as_ref().and_then(target_range);
        self.within("layers", |c| {
            if rules.layers.len() > MAX_LAYERS {
                c.report(
                    None,
                    ProblemKind::Limit {
                        what: &crate::diagnostic::reasons::COUNT_LAYERS,
                        found: rules.layers.len(),
                        limit: MAX_LAYERS,
                    },
                );
            }
            for (id, layer) in &rules.layers {
                c.within(id, |c| c.layer(layer, kind, targets));
            }
        });
    }

    fn layer(
        &mut self,
        layer: &super::layer::Layer,
        kind: Option<ResolutionKind>,
        targets: Option<(u32, u32)>,
    ) {
        if let Some(gm) = &layer.gm {
            let chars = gm.chars();
            if chars > MAX_LAYER_GUIDANCE_CHARS {
                self.within("gm", |c| {
                    c.report(
                        None,
                        ProblemKind::Limit {
                            what: &crate::diagnostic::reasons::COUNT_GUIDANCE_CHARS,
                            found: chars,
                            limit: MAX_LAYER_GUIDANCE_CHARS,
                        },
                    );
                });
            }
        }
        self.within("fields", |c| {
            for (id, change) in &layer.fields {
                if change.remove_values.is_empty() {
                    c.within(id, |c| {
                        c.required("removeValues", &Phrase::new(&reasons::ON_LAYER_FIELD))
                    });
                }
            }
        });
        if let (Some(ladder), Some(kind)) = (&layer.difficulty_ladder, kind) {
            if has_ladder(kind) {
                self.within("difficultyLadder", |c| c.ladder(ladder, kind, targets));
            } else {
                let on = Phrase::new(&reasons::ON_LAYER_RESOLUTION).with_arg("kind", kind.name());
                self.not_allowed("difficultyLadder", &on);
            }
        }
        self.within("catalogs", |c| {
            for (index, rule) in layer.catalogs.iter().enumerate() {
                if rule.hide.comparison().is_none() {
                    c.within(index.to_string(), |c| {
                        c.within("hide", |c| {
                            c.report(
                                None,
                                ProblemKind::ExactlyOneOf {
                                    properties: "`above`, `below`, `equals`, `notIn`",
                                },
                            );
                        });
                    });
                }
            }
        });
        if let Some(currencies) = &layer.currencies
            && currencies.remove_units.is_empty()
            && currencies.remove_families.is_empty()
        {
            self.within("currencies", |c| {
                c.report(
                    None,
                    ProblemKind::AtLeastOneOf {
                        properties: "`removeUnits`, `removeFamilies`",
                    },
                );
            });
        }
        if let Some(items) = &layer.items {
            self.within("items", |c| {
                if let Some(market) = &items.market {
                    c.within("market", |c| c.goods_list("unsold", &market.unsold));
                }
                c.within("lootTables", |c| {
                    for (id, table) in &items.loot_tables {
                        c.within(id, |c| c.loot_table(table));
                    }
                });
            });
        }
    }

    fn content(&mut self, item: &ContentItem) {
        match item.form() {
            Ok(_) => {}
            Err(ContentFormError::OverrideWith(property)) => {
                self.not_allowed(property, &Phrase::new(&reasons::ON_OVERRIDE));
            }
            Err(ContentFormError::MissingId) => {
                self.required("id", &Phrase::new(&reasons::ON_CONTENT_ITEM));
            }
            Err(ContentFormError::MissingType) => {
                self.required("type", &Phrase::new(&reasons::ON_CONTENT_ITEM));
            }
        }
        if let Some(choices) = &item.choices {
            self.within("choices", |c| {
                for (id, choice) in choices {
                    c.within(id, |c| c.choice(choice));
                }
            });
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
