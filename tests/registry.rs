//! Every diagnostic code in the registry is documented in docs/spec/diagnostics.md (and nothing
//! documented there is unregistered); templates are checked beside the registry itself.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use opencharacter::spec::diagnostic::codes;

fn documented_codes() -> Vec<String> {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/spec/diagnostics.md"
    ))
    .unwrap();
    page.lines()
        .filter_map(|line| line.strip_prefix("### `"))
        .filter_map(|rest| rest.strip_suffix('`'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_code_is_documented() {
    let documented = documented_codes();
    let missing: Vec<&str> = codes::ALL
        .iter()
        .map(|c| c.name)
        .filter(|name| !documented.iter().any(|d| d == name))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without an entry in docs/spec/diagnostics.md: {missing:?}"
    );
}

#[test]
fn every_documented_code_is_registered() {
    let stray: Vec<String> = documented_codes()
        .into_iter()
        .filter(|name| codes::by_name(name).is_none())
        .collect();
    assert!(stray.is_empty(), "documented but not registered: {stray:?}");
}

#[test]
fn every_documented_code_states_its_registered_severity() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/spec/diagnostics.md"
    ))
    .unwrap();
    for code in codes::ALL {
        let heading = format!("### `{}`", code.name);
        let Some(start) = page.find(&heading) else {
            continue;
        };
        let section = &page[start + heading.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        assert!(
            section.contains(&format!("Severity: {}.", code.severity)),
            "docs/spec/diagnostics.md gives `{}` another severity than the registry's {}",
            code.name,
            code.severity
        );
    }
}
