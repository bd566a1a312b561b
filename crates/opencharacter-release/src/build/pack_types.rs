//! A pack's own TypeScript types: `index.d.ts` (ES module) and `index.d.cts` (CommonJS) of its
//! package, typing the release as this pack holds it rather than as any pack could.
//!
//! The model's types (`PackRelease` and every type it uses, from the release schema) are in
//! `model.d.cts`, the same bytes in every package; `types.d.cts` re-exports them and adds the
//! pack's own, and `index.d.ts` (ES module) and `index.d.cts` (CommonJS) declare the default
//! export with them. The type files are CommonJS-format declarations so that both entry
//! points can import them on every TypeScript that reads `exports` (an ES module's types
//! cannot be imported from a CommonJS declaration before TypeScript 5.3).
//!
//!
//! | type | what |
//! | --- | --- |
//! | `ContentId`, `FieldId`, `ContentTypeId`, `TemplateId` | literal unions of the IDs the pack defines (replacing the model's plain `string` aliases), so a misspelt ID fails to compile |
//! | `Properties` | content type ID → its items' `properties`, typed from the pack's `contentTypes` (required ones required) |
//! | `ContentIds` | the content type an item names (as written) → the IDs of the pack's items of that type |
//! | `Content`, `Rules`, `Release` | the release with each item under its own ID, `id` and `type` required and typed |
//!
//! Items of a type a dependency declares take that dependency's `Properties` (when the
//! dependency is in the same build); an override or a variant without its own `type` sets only
//! part of an item, so its properties stay open. A property's TypeScript type follows the
//! validator's rule for its declared type (`number`, `string`, `boolean`, the enum's values,
//! `string | number` for dice and formulas, a content reference), so every valid release
//! satisfies its own types.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use indexmap::IndexMap;
use opencharacter_spec::ids::{FieldId, Reference};
use opencharacter_spec::model::rules::PropertyDef;
use opencharacter_spec::model::{ContentTypeDef, PackRelease, ValueType};
use serde_json::Value;

use super::typescript::property_name;

/// The names `types.d.cts` declares itself; `ContentId` and `FieldId` deliberately replace the
/// model's `string` aliases of the same names.
pub const OWN_NAMES: [&str; 11] = [
    "ContentId",
    "FieldId",
    "ContentTypeId",
    "TemplateId",
    "ContentReference",
    "Properties",
    "ContentIds",
    "Content",
    "Rules",
    "Release",
    "TypedItem",
];

/// The declaration files of a pack's package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackDeclarations {
    /// `types.d.cts`: the pack's own types, and the model's re-exported (a CommonJS-format
    /// file, so both entry points can import it on every TypeScript with `node16`).
    pub types: String,
    /// `index.d.ts`: the ES module's default export and every type.
    pub esm: String,
    /// `index.d.cts`: the CommonJS module's `export =`, with every type in its namespace.
    pub commonjs: String,
}

/// The declaration files of a pack's package. `header` starts each file (the "generated"
/// line); `model_names` are the type names `model.d.cts` exports; `dependencies` are the
/// releases of the pack's dependencies that this build holds.
pub fn pack_declarations(
    release: &PackRelease,
    dependencies: &[&PackRelease],
    header: &str,
    model_names: &[String],
) -> PackDeclarations {
    let types = PackTypes::new(release, dependencies).module(header);
    let esm = format!(
        "{header}import type {{ Release }} from \"./types.cjs\";\n\
         export * from \"./types.cjs\";\n\n\
         /** The pack `{}` {}, as `release.json` holds it. */\n\
         declare const release: Release;\nexport default release;\n",
        release.manifest.id, release.manifest.version
    );
    PackDeclarations {
        types: without_trailing_spaces(&types),
        esm,
        commonjs: commonjs(release, header, model_names),
    }
}

/// `text` with no space at the end of a line.
fn without_trailing_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Where the properties of a named content type are declared.
enum Declared {
    /// In this pack: `Properties["<id>"]`.
    Own(String),
    /// In a dependency: `Dependency<n>.Properties["<id>"]`.
    Dependency(usize, String),
    /// Nowhere this build knows.
    Unknown,
}

struct PackTypes<'a> {
    release: &'a PackRelease,
    dependencies: &'a [&'a PackRelease],
    /// Dependency package names imported, in the order first used.
    imports: Vec<String>,
}

impl<'a> PackTypes<'a> {
    fn new(release: &'a PackRelease, dependencies: &'a [&'a PackRelease]) -> Self {
        PackTypes {
            release,
            dependencies,
            imports: Vec::new(),
        }
    }

    fn module(&mut self, header: &str) -> String {
        let release = self.release;
        let manifest = &release.manifest;
        let mut body = String::new();
        let ids: Vec<&str> = release.content.keys().map(|id| id.as_str()).collect();
        let fields: Vec<&str> = release.rules.fields.keys().map(|id| id.as_str()).collect();
        let types: Vec<&str> = release
            .rules
            .content_types
            .keys()
            .map(|id| id.as_str())
            .collect();
        let templates: Vec<&str> = release.templates.keys().map(|id| id.as_str()).collect();
        let pack = format!("`{}` {}", manifest.id, manifest.version);

        alias(
            &mut body,
            &format!("Every content ID of the pack {pack}."),
            "ContentId",
            &ids,
        );
        alias(
            &mut body,
            &format!("Every field ID of the pack {pack}."),
            "FieldId",
            &fields,
        );
        alias(
            &mut body,
            &format!("Every content type the pack {pack} declares."),
            "ContentTypeId",
            &types,
        );
        alias(
            &mut body,
            &format!("Every template ID of the pack {pack}."),
            "TemplateId",
            &templates,
        );
        let reference = if manifest.dependencies.is_empty() {
            // Without dependencies a reference names this pack's content, locally or qualified.
            let qualified = Value::String(format!("{}:", manifest.id));
            format!("ContentId | `${{{qualified}}}${{ContentId}}`")
        } else {
            "string".to_owned()
        };
        let _ = writeln!(
            body,
            "/** What a `content` property holds: a reference to a content item. */\n\
             export type ContentReference = {reference};\n"
        );
        self.properties(&mut body);
        let content = self.content(&mut body);
        let _ = writeln!(
            body,
            "/** Every content item, by its ID. */\nexport type Content = {content};\n"
        );
        rules(&mut body, !fields.is_empty(), !types.is_empty());
        let templates = if templates.is_empty() {
            String::new()
        } else {
            "\n  readonly templates: { readonly [K in TemplateId]: Model.Template };".to_owned()
        };
        let _ = writeln!(
            body,
            "/** The pack {pack}, as `release.json` holds it. */\n\
             export type Release = Omit<Model.PackRelease, \"manifest\" | \"rules\" | \"content\" | \"templates\"> & {{\n  \
             readonly manifest: Omit<Model.Manifest, \"id\" | \"version\"> & {{ readonly id: {}; readonly version: {} }};\n  \
             readonly rules: Rules;\n  readonly content: Content;{templates}\n}};",
            Value::String(manifest.id.to_string()),
            Value::String(manifest.version.to_string()),
        );

        let mut out = String::from(header);
        out.push_str("import type * as Model from \"./model.cjs\";\n");
        for (index, package) in self.imports.iter().enumerate() {
            let _ = writeln!(
                out,
                "import Dependency{index} = require({});",
                Value::String(package.clone())
            );
        }
        out.push_str(
            "/** The model's types, as every pack's package declares them. */\n\
             export * from \"./model.cjs\";\n\n",
        );
        out.push_str(&body);
        out
    }

    /// `Properties`: each content type the pack declares → its items' properties.
    fn properties(&self, out: &mut String) {
        let declared = &self.release.rules.content_types;
        if declared.is_empty() {
            out.push_str(
                "/** Content types the pack declares, by ID → their items' properties (none). */\n\
                 export type Properties = {};\n\n",
            );
            return;
        }
        out.push_str(
            "/** Content types the pack declares, by ID → their items' properties (from `contentTypes`). */\n\
             export type Properties = {\n",
        );
        for (id, content_type) in declared {
            let _ = writeln!(
                out,
                "  readonly {}: {};",
                property_name(id.as_str()),
                properties_type(content_type, "  ")
            );
        }
        out.push_str("};\n\n");
    }

    /// `ContentIds`, `TypedItem`, and the text of `Content`: one mapped type per group of
    /// items (each content type as written, variants, overrides).
    fn content(&mut self, out: &mut String) -> String {
        let mut by_type: IndexMap<String, Vec<&str>> = IndexMap::new();
        let mut partial: BTreeSet<String> = BTreeSet::new();
        let (mut variants, mut overrides, mut untyped) = (Vec::new(), Vec::new(), Vec::new());
        for (id, item) in &self.release.content {
            let id = id.as_str();
            match (&item.content_type, &item.extends, &item.overrides) {
                (_, _, Some(_)) => overrides.push(id),
                (Some(written), extends, None) => {
                    let written = written.to_string();
                    if extends.is_some() {
                        // A variant's own properties are only part of its type's.
                        partial.insert(written.clone());
                    }
                    by_type.entry(written).or_default().push(id);
                }
                (None, Some(_), None) => variants.push(id),
                (None, None, None) => untyped.push(id),
            }
        }
        out.push_str(
            "/** The content type each item names (as written) → the IDs of the pack's items of that type. */\n\
             export type ContentIds = {",
        );
        if by_type.is_empty() {
            out.push_str("};\n\n");
        } else {
            out.push('\n');
            for (written, ids) in &by_type {
                let _ = writeln!(
                    out,
                    "  readonly {}: {};",
                    property_name(written),
                    union_at(ids, "  ")
                );
            }
            out.push_str("};\n\n");
        }
        out.push_str(
            "/** An item with its ID `Id`, its content type `Type` and its `properties` (`Props`). */\n\
             export type TypedItem<Id extends string, Type extends string, Props> = \
             Omit<Model.ContentItem, \"id\" | \"type\" | \"properties\"> & \
             { readonly id: Id; readonly type: Type } & Props;\n\n",
        );
        let mut parts = Vec::new();
        for written in by_type.keys() {
            let (declared, required) = self.declared(written);
            let properties = match declared {
                Declared::Own(id) => format!("Properties[{}]", Value::String(id)),
                Declared::Dependency(index, id) => {
                    format!("Dependency{index}.Properties[{}]", Value::String(id))
                }
                Declared::Unknown => "{ readonly [property: string]: unknown }".to_owned(),
            };
            let props = if partial.contains(written) {
                format!("{{ readonly properties?: Partial<{properties}> }}")
            } else if required {
                format!("{{ readonly properties: {properties} }}")
            } else {
                format!("{{ readonly properties?: {properties} }}")
            };
            let key = Value::String(written.clone());
            parts.push(format!(
                "{{ readonly [K in ContentIds[{key}]]: TypedItem<K, {key}, {props}> }}"
            ));
        }
        if !variants.is_empty() {
            parts.push(format!(
                "{{ readonly [K in {}]: Omit<Model.ContentItem, \"id\" | \"extends\"> & {{ readonly id: K; readonly extends: string }} }}",
                union(&variants)
            ));
        }
        if !overrides.is_empty() {
            parts.push(format!(
                "{{ readonly [K in {}]: Omit<Model.ContentItem, \"id\" | \"override\"> & {{ readonly id?: K; readonly override: string }} }}",
                union(&overrides)
            ));
        }
        if !untyped.is_empty() {
            parts.push(format!(
                "{{ readonly [K in {}]: Model.ContentItem & {{ readonly id: K }} }}",
                union(&untyped)
            ));
        }
        if parts.is_empty() {
            "{}".to_owned()
        } else {
            parts.join("\n  & ")
        }
    }

    /// Where the content type an item names (`written`) is declared, and whether it has a
    /// required property (so every item of it writes `properties`): this pack first, then its
    /// direct dependencies in the manifest's order (how a local reference resolves).
    fn declared(&mut self, written: &str) -> (Declared, bool) {
        let Ok(reference) = written.parse::<Reference<FieldId>>() else {
            return (Declared::Unknown, false);
        };
        let local = reference.local();
        let required = |declared: &ContentTypeDef| declared.properties.values().any(|p| p.required);
        let own = &self.release.manifest.id;
        if reference.pack().is_none_or(|pack| pack == own)
            && let Some(declared) = self.release.rules.content_types.get(local)
        {
            return (Declared::Own(local.to_string()), required(declared));
        }
        let found = self
            .release
            .manifest
            .dependencies
            .keys()
            .filter(|id| reference.pack().is_none_or(|pack| pack == *id))
            .filter_map(|id| self.dependencies.iter().find(|d| &d.manifest.id == id))
            .find_map(|release| {
                let declared = release.rules.content_types.get(local)?;
                Some((release.manifest.id.as_str(), required(declared)))
            });
        let Some((pack, required)) = found else {
            return (Declared::Unknown, false);
        };
        let package = super::render::package_name(pack);
        let index = match self.imports.iter().position(|p| *p == package) {
            Some(index) => index,
            None => {
                self.imports.push(package);
                self.imports.len() - 1
            }
        };
        (Declared::Dependency(index, local.to_string()), required)
    }
}

/// `Rules`: the rules document with `fields` and `contentTypes` keyed by the pack's own IDs.
fn rules(out: &mut String, fields: bool, types: bool) {
    let mut omitted = Vec::new();
    let mut exact = String::new();
    if fields {
        omitted.push("\"fields\"");
        exact.push_str("\n  readonly fields: { readonly [K in FieldId]: Model.FieldDef };");
    }
    if types {
        omitted.push("\"contentTypes\"");
        exact.push_str(
            "\n  readonly contentTypes: { readonly [K in ContentTypeId]: Model.ContentTypeDef };",
        );
    }
    let _ = write!(
        out,
        "/** The pack's rules document, keyed by its own IDs. */\nexport type Rules = "
    );
    if omitted.is_empty() {
        out.push_str("Model.RulesDocument;\n\n");
    } else {
        let _ = writeln!(
            out,
            "Omit<Model.RulesDocument, {}> & {{{exact}\n}};\n",
            omitted.join(" | ")
        );
    }
}

/// The properties of a content type's items, as an object type.
fn properties_type(declared: &ContentTypeDef, indent: &str) -> String {
    if declared.properties.is_empty() {
        return "{}".to_owned();
    }
    let mut out = String::from("{\n");
    for (id, def) in &declared.properties {
        let optional = if def.required { "" } else { "?" };
        let _ = writeln!(
            out,
            "{indent}  readonly {}{optional}: {};",
            property_name(id.as_str()),
            value_type(def, &format!("{indent}  "))
        );
    }
    out.push_str(indent);
    out.push('}');
    out
}

/// A property's value type, by the validator's rule for its declared type.
fn value_type(def: &PropertyDef, indent: &str) -> String {
    let one = match def.value_type {
        ValueType::Number => "number".to_owned(),
        ValueType::Text => "string".to_owned(),
        ValueType::Boolean => "boolean".to_owned(),
        ValueType::Enum => {
            let values: Vec<&str> = def.values.iter().map(|v| v.as_str()).collect();
            union_at(&values, indent)
        }
        // Written as a string, or a plain number.
        ValueType::Dice | ValueType::Formula => "string | number".to_owned(),
        ValueType::Content => "ContentReference".to_owned(),
        // Not a property type (fields only); the validator refuses it.
        ValueType::List => "never".to_owned(),
    };
    if def.many {
        format!("readonly ({one})[]")
    } else {
        one
    }
}

/// `export type <name> = "a" | "b";` with a doc comment (`never` when there are none).
fn alias(out: &mut String, doc: &str, name: &str, members: &[&str]) {
    let _ = writeln!(
        out,
        "/** {doc} */\nexport type {name} = {};\n",
        union(members)
    );
}

/// A union of string literals, one a line (indented by `indent`) when there are several.
fn union_at(members: &[&str], indent: &str) -> String {
    match members {
        [] => "never".to_owned(),
        [one] => Value::String((*one).to_owned()).to_string(),
        many => {
            let mut out = String::new();
            for member in many {
                let _ = write!(out, "\n{indent}  | {}", Value::String((*member).to_owned()));
            }
            out
        }
    }
}

/// [`union_at`] at the top level.
fn union(members: &[&str]) -> String {
    union_at(members, "")
}

/// `index.d.cts`: the same release and types for `require`, through `export =` and a
/// namespace holding every type name.
fn commonjs(release: &PackRelease, header: &str, model_names: &[String]) -> String {
    let mut out = String::from(header);
    let _ = writeln!(
        out,
        "import type * as Pack from \"./types.cjs\";\n\
         /** The pack `{}` {}, as `release.json` holds it. */\n\
         declare const release: Pack.Release;\n\
         declare namespace release {{",
        release.manifest.id, release.manifest.version
    );
    let mut names: Vec<&str> = model_names
        .iter()
        .map(String::as_str)
        .filter(|name| !OWN_NAMES.contains(name))
        .collect();
    names.extend(OWN_NAMES.iter().filter(|name| **name != "TypedItem"));
    for name in names {
        let _ = writeln!(out, "  export type {name} = Pack.{name};");
    }
    out.push_str(
        "  export type TypedItem<Id extends string, Type extends string, Props> = \
         Pack.TypedItem<Id, Type, Props>;\n}\nexport = release;\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn release(value: Value) -> PackRelease {
        serde_json::from_value(value).unwrap()
    }

    /// `demo-core`: a field, a content type `kit` (a required number, an enum list, dice and a
    /// content reference) and one kit.
    fn core() -> PackRelease {
        release(json!({
            "manifest": { "id": "demo-core", "version": "0.2.0", "specVersion": "1.0.0",
                          "license": "CC0-1.0", "defaultLanguage": "en" },
            "rules": {
                "fields": { "level": { "type": "number" } },
                "contentTypes": { "kit": { "properties": {
                    "weight": { "type": "number", "required": true, "min": 0 },
                    "callings": { "type": "enum", "many": true, "values": ["scout", "tinker"] },
                    "damage": { "type": "dice" },
                    "spare": { "type": "content" }
                } } }
            },
            "content": { "kit.rope": { "id": "kit.rope", "type": "kit", "properties": { "weight": 1 } } },
            "i18n": { "_meta": { "language": "en", "direction": "ltr" } },
            "formulas": {}
        }))
    }

    /// `demo-extra`, over `demo-core`: a kit of core's type, a variant and an override.
    fn extra() -> PackRelease {
        release(json!({
            "manifest": { "id": "demo-extra", "version": "1.0.0", "specVersion": "1.0.0",
                          "license": "CC0-1.0", "defaultLanguage": "en",
                          "dependencies": { "demo-core": "^0.2.0" } },
            "rules": {},
            "content": {
                "kit.pole": { "id": "kit.pole", "type": "kit", "properties": { "weight": 4 } },
                "kit.long-rope": { "id": "kit.long-rope", "extends": "demo-core:kit.rope" },
                "kit.rope": { "override": "demo-core:kit.rope", "properties": { "weight": 2 } }
            },
            "i18n": { "_meta": { "language": "en", "direction": "ltr" } },
            "formulas": {}
        }))
    }

    #[test]
    fn the_pack_s_ids_and_properties_are_literal_types() {
        let types = pack_declarations(&core(), &[], "", &[]).types;
        assert!(
            types.contains("export type ContentId = \"kit.rope\";\n"),
            "{types}"
        );
        assert!(
            types.contains("export type FieldId = \"level\";\n"),
            "{types}"
        );
        assert!(
            types.contains("export type ContentTypeId = \"kit\";\n"),
            "{types}"
        );
        // From the declaration: required when required, the enum's values, a list when many.
        assert!(types.contains("    readonly weight: number;\n"), "{types}");
        assert!(
            types.contains(
                "    readonly callings?: readonly (\n      | \"scout\"\n      | \"tinker\")[];\n"
            ),
            "{types}"
        );
        assert!(
            types.contains("    readonly damage?: string | number;\n"),
            "{types}"
        );
        assert!(
            types.contains("    readonly spare?: ContentReference;\n"),
            "{types}"
        );
        // No dependencies: a reference names this pack's content, bare or qualified.
        assert!(
            types.contains(
                "export type ContentReference = ContentId | `${\"demo-core:\"}${ContentId}`;"
            ),
            "{types}"
        );
        // `weight` is required, so every kit writes its properties.
        assert!(
            types.contains("TypedItem<K, \"kit\", { readonly properties: Properties[\"kit\"] }>"),
            "{types}"
        );
        assert!(types.contains("readonly fields: { readonly [K in FieldId]: Model.FieldDef };"));
        assert!(!types.lines().any(|line| line.ends_with(' ')), "{types}");
    }

    #[test]
    fn a_dependency_s_content_type_types_a_dependant_s_items() {
        let core = core();
        let types = pack_declarations(&extra(), &[&core], "", &[]).types;
        assert!(
            types.contains("import Dependency0 = require(\"@opencharacter/demo-core\");"),
            "{types}"
        );
        assert!(
            types.contains(
                "TypedItem<K, \"kit\", { readonly properties: Dependency0.Properties[\"kit\"] }>"
            ),
            "{types}"
        );
        // A variant and an override set part of an item: their properties stay open.
        assert!(
            types.contains(
                "[K in \"kit.long-rope\"]: Omit<Model.ContentItem, \"id\" | \"extends\">"
            )
        );
        assert!(
            types.contains("[K in \"kit.rope\"]: Omit<Model.ContentItem, \"id\" | \"override\">")
        );
        assert!(
            types.contains("export type ContentReference = string;"),
            "{types}"
        );
        // Without the dependency in the build, the kit's properties are open too.
        let alone = pack_declarations(&extra(), &[], "", &[]).types;
        assert!(!alone.contains("Dependency0"), "{alone}");
        assert!(
            alone.contains("{ readonly [property: string]: unknown }"),
            "{alone}"
        );
    }

    #[test]
    fn commonjs_names_every_type_once() {
        let schema = opencharacter_spec::schema::files()
            .into_iter()
            .find(|file| file.name == "pack-release.schema.json")
            .unwrap()
            .schema;
        let model = super::super::typescript::declared_names(&schema, "PackRelease");
        // Only these two of the pack's own names replace a model name.
        let replaced: Vec<&str> = OWN_NAMES
            .iter()
            .copied()
            .filter(|name| model.iter().any(|m| m == name))
            .collect();
        assert_eq!(replaced, ["ContentId", "FieldId"]);
        let files = pack_declarations(&core(), &[], "", &model);
        for name in ["PackRelease", "ContentId", "Release", "Properties"] {
            let line = format!("  export type {name} = Pack.{name};\n");
            assert_eq!(files.commonjs.matches(&line).count(), 1, "{name}");
        }
        assert!(files.commonjs.ends_with("}\nexport = release;\n"));
        assert!(files.esm.contains("export * from \"./types.cjs\";"));
    }
}
