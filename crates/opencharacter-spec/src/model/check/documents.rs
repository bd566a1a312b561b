//! The [`Checker`](super::Checker)'s walks over whole documents: a rules document (every
//! section), a layer and a content item; apart from the per-definition checks in check.rs because
//! they are long and only route each part to its check.

use crate::diagnostic::{Phrase, reasons};

use super::{Checker, ProblemKind, has_ladder, target_range};
use crate::model::content::{ContentFormError, ContentItem};
use crate::model::layer::{MAX_LAYER_GUIDANCE_CHARS, MAX_LAYERS};
use crate::model::resolution::ResolutionKind;
use crate::model::rules::RulesDocument;

impl Checker {
    pub(super) fn rules(&mut self, rules: &RulesDocument) {
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
                    c.out.extend(crate::model::content_rolls::problems(
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

    pub(super) fn layer(
        &mut self,
        layer: &crate::model::layer::Layer,
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

    pub(super) fn content(&mut self, item: &ContentItem) {
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
