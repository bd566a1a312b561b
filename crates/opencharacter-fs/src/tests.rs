//! The data-loss cases of issue 22, each asserting the bytes of every file in the folder after the
//! write, and the inputs that must never be read whole or block.

#![allow(
    clippy::unwrap_used,
    reason = "a panic in a test is its failure report"
)]

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;

use super::*;

/// Every entry of `folder` (not descending): name → bytes, or `-> target` for a link.
fn contents(folder: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type().unwrap();
        let value = if kind.is_symlink() {
            format!("-> {}", std::fs::read_link(entry.path()).unwrap().display())
        } else if kind.is_dir() {
            "<folder>".to_owned()
        } else {
            String::from_utf8(std::fs::read(entry.path()).unwrap()).unwrap()
        };
        out.insert(name, value);
    }
    out
}

fn files(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn replacing_keeps_the_original_once() {
    let dir = tempfile::tempdir().unwrap();
    let hero = dir.path().join("hero.yaml");
    std::fs::write(&hero, "v1").unwrap();
    lock(&hero)
        .unwrap()
        .replace(b"v2", Backup::KeepOriginal)
        .unwrap();
    assert_eq!(
        contents(dir.path()),
        files(&[("hero.yaml", "v2"), ("hero.yaml.orig", "v1")])
    );
    // A second write never replaces the earlier backup with the intermediate version.
    lock(&hero)
        .unwrap()
        .replace(b"v3", Backup::KeepOriginal)
        .unwrap();
    assert_eq!(
        contents(dir.path()),
        files(&[("hero.yaml", "v3"), ("hero.yaml.orig", "v1")])
    );
}

#[cfg(unix)]
#[test]
fn a_backup_name_that_is_a_link_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let hero = dir.path().join("hero.yaml");
    std::fs::write(&hero, "v1").unwrap();
    std::fs::write(dir.path().join("victim"), "precious").unwrap();
    std::os::unix::fs::symlink("victim", dir.path().join("hero.yaml.orig")).unwrap();
    let error = lock(&hero)
        .unwrap()
        .replace(b"v2", Backup::KeepOriginal)
        .unwrap_err();
    assert!(matches!(error, WriteError::NotAFile { .. }), "{error}");
    // Nothing written anywhere: the character, the link and what it points to are as they were.
    assert_eq!(
        contents(dir.path()),
        files(&[
            ("hero.yaml", "v1"),
            ("hero.yaml.orig", "-> victim"),
            ("victim", "precious"),
        ])
    );
}

#[cfg(unix)]
#[test]
fn a_linked_file_is_replaced_at_its_target_and_the_link_kept() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real");
    std::fs::create_dir(&real).unwrap();
    std::fs::write(real.join("hero.yaml"), "v1").unwrap();
    let link = dir.path().join("hero.yaml");
    std::os::unix::fs::symlink("real/hero.yaml", &link).unwrap();
    lock(&link)
        .unwrap()
        .replace(b"v2", Backup::KeepOriginal)
        .unwrap();
    assert_eq!(
        contents(dir.path()),
        files(&[("hero.yaml", "-> real/hero.yaml"), ("real", "<folder>")])
    );
    assert_eq!(
        contents(&real),
        files(&[("hero.yaml", "v2"), ("hero.yaml.orig", "v1")])
    );
}

#[cfg(unix)]
#[test]
fn the_mode_is_kept() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let hero = dir.path().join("hero.yaml");
    std::fs::write(&hero, "v1").unwrap();
    std::fs::set_permissions(&hero, std::fs::Permissions::from_mode(0o600)).unwrap();
    lock(&hero)
        .unwrap()
        .replace(b"v2", Backup::KeepOriginal)
        .unwrap();
    let mode = |name: &str| {
        std::fs::metadata(dir.path().join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode("hero.yaml"), 0o600);
    assert_eq!(mode("hero.yaml.orig"), 0o600);
    assert_eq!(
        contents(dir.path()),
        files(&[("hero.yaml", "v2"), ("hero.yaml.orig", "v1")])
    );
}

#[test]
fn a_full_disk_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let hero = dir.path().join("hero.yaml");
    std::fs::write(&hero, "v1").unwrap();
    // A writer that fails half-way, as `write` does when the disk fills.
    let full = |file: &mut std::fs::File| {
        file.write_all(b"v2 half")?;
        Err(std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "no space left on device",
        ))
    };
    let error = lock(&hero)
        .unwrap()
        .replace_with(Backup::KeepOriginal, full)
        .unwrap_err();
    assert!(error.to_string().contains("no space left"), "{error}");
    // No backup made (never a 0-byte one), no temporary file left.
    assert_eq!(contents(dir.path()), files(&[("hero.yaml", "v1")]));

    // With an earlier backup, it is never truncated.
    std::fs::write(dir.path().join("hero.yaml.orig"), "v0").unwrap();
    lock(&hero)
        .unwrap()
        .replace_with(Backup::KeepOriginal, full)
        .unwrap_err();
    assert_eq!(
        contents(dir.path()),
        files(&[("hero.yaml", "v1"), ("hero.yaml.orig", "v0")])
    );
}

#[test]
fn four_concurrent_writers_serialise() {
    let dir = tempfile::tempdir().unwrap();
    let hero = dir.path().join("hero.yaml");
    std::fs::write(&hero, "v1").unwrap();
    let start = std::sync::Barrier::new(4);
    std::thread::scope(|scope| {
        for mark in ["a", "b", "c", "d"] {
            let (hero, start) = (&hero, &start);
            scope.spawn(move || {
                start.wait();
                // A read-modify-write under the lock: each writer appends its mark to what the
                // previous one wrote, so a lost update would show as a missing mark.
                let locked = lock(hero).unwrap();
                let mut bytes = locked.read(1024).unwrap();
                bytes.extend_from_slice(mark.as_bytes());
                locked.replace(&bytes, Backup::KeepOriginal).unwrap();
            });
        }
    });
    let all = contents(dir.path());
    assert_eq!(
        all.keys().collect::<Vec<_>>(),
        ["hero.yaml", "hero.yaml.orig"]
    );
    // The backup is the original before any writer, never an intermediate version.
    assert_eq!(all["hero.yaml.orig"], "v1");
    let written = &all["hero.yaml"];
    assert_eq!(written.len(), "v1abcd".len(), "{written}");
    assert!(written.starts_with("v1"));
    for mark in ['a', 'b', 'c', 'd'] {
        assert_eq!(written.matches(mark).count(), 1, "{written}");
    }
}

#[test]
fn an_interrupted_run_is_cleaned_up_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let hero = dir.path().join("hero.yaml");
    std::fs::write(&hero, "v1").unwrap();
    // What `kill -9` left: this crate's temporary files and the command's older ones.
    std::fs::write(dir.path().join(".hero.yaml.oc-tmp-4242-0"), "v2 ha").unwrap();
    std::fs::write(dir.path().join(".hero.yaml.4242.tmp"), "v2").unwrap();
    // Files that merely look alike stay.
    std::fs::write(dir.path().join(".other.yaml.4242.tmp"), "other").unwrap();
    std::fs::write(dir.path().join(".hero.yaml.notes.tmp"), "notes").unwrap();
    lock(&hero)
        .unwrap()
        .replace(b"v2", Backup::KeepOriginal)
        .unwrap();
    assert_eq!(
        contents(dir.path()),
        files(&[
            (".hero.yaml.notes.tmp", "notes"),
            (".other.yaml.4242.tmp", "other"),
            ("hero.yaml", "v2"),
            ("hero.yaml.orig", "v1"),
        ])
    );
}

#[test]
fn a_new_file_is_written_without_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index.json");
    lock(&index)
        .unwrap()
        .replace(b"{}", Backup::KeepOriginal)
        .unwrap();
    assert_eq!(contents(dir.path()), files(&[("index.json", "{}")]));
}

#[test]
fn a_file_within_the_limit_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.json");
    std::fs::write(&path, "12345").unwrap();
    assert_eq!(read_input(&path, 5).unwrap(), b"12345");
    let error = read_input(&path, 4).unwrap_err();
    assert!(
        matches!(
            error,
            ReadError::TooLarge {
                size: Some(5),
                limit: 4,
                ..
            }
        ),
        "{error}"
    );
    assert!(matches!(
        read_input(&dir.path().join("none"), 4).unwrap_err(),
        ReadError::Missing { .. }
    ));
    assert!(matches!(
        read_input(dir.path(), 4).unwrap_err(),
        ReadError::NotRegular {
            kind: "a folder",
            ..
        }
    ));
}

#[cfg(unix)]
#[test]
fn a_link_to_a_device_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("hero.yaml");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let error = read_input(&link, 1024).unwrap_err();
    assert!(
        matches!(
            error,
            ReadError::NotRegular {
                kind: "a device",
                ..
            }
        ),
        "{error}"
    );
    let diagnostic = error.diagnostic("hero.yaml");
    assert_eq!(diagnostic.code.name, "file-unreadable");
}

#[cfg(unix)]
#[test]
fn a_fifo_with_no_writer_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("hero.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    // Opened with O_NONBLOCK, so this returns instead of waiting for a writer that never comes.
    let error = read_input(&fifo, 1024).unwrap_err();
    assert!(
        matches!(
            error,
            ReadError::NotRegular {
                kind: "a FIFO (named pipe)",
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn a_sparse_file_over_the_limit_is_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("release.json");
    // 8 GiB that occupy no disk: read whole, it would take gigabytes of memory.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(8 << 30).unwrap();
    let error = read_input(&path, 256 << 20).unwrap_err();
    assert!(
        matches!(error, ReadError::TooLarge { size: Some(s), limit, .. } if s == 8 << 30 && limit == 256 << 20),
        "{error}"
    );
    let diagnostic = error.diagnostic("release.json");
    assert_eq!(diagnostic.code.name, "file-too-large");
    assert_eq!(diagnostic.args["limit"], (256u64 << 20).to_string());
}

/// Every file under `folder`, descending: relative path → text.
fn tree(folder: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![(folder.to_path_buf(), String::new())];
    while let Some((at, prefix)) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                stack.push((entry.path(), format!("{name}/")));
            } else {
                out.insert(name, std::fs::read_to_string(entry.path()).unwrap());
            }
        }
    }
    out
}

fn expected(entries: &[(&str, &str)]) -> BTreeMap<String, String> {
    entries
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn a_folder_is_replaced_whole_and_nothing_is_left_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("pack").join("dist");
    replace_folder(&target, &[("a.json", b"1"), ("i18n/en.json", b"2")]).unwrap();
    replace_folder(&target, &[("b.json", b"3")]).unwrap();
    assert_eq!(
        tree(&dir.path().join("pack")),
        expected(&[("dist/b.json", "3")])
    );
}

#[test]
fn a_failed_folder_write_keeps_the_old_folder() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("dist");
    replace_folder(&target, &[("release.json", b"good")]).unwrap();
    let error = replace_folder(&target, &[("../escape.json", b"bad")]).unwrap_err();
    assert!(matches!(error, WriteError::Io { .. }));
    assert_eq!(tree(dir.path()), expected(&[("dist/release.json", "good")]));
}

#[test]
fn an_interrupted_folder_write_is_cleaned_up_by_the_next() {
    // What a `kill -9` leaves at each step: a half-filled temporary folder, and (between the two
    // renames) the old folder under its hidden name with no `dist/` at all. The builder's names
    // from before this crate (`.dist.tmp-<pid>`, `.dist.old-<pid>`) are cleaned up too.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("dist");
    let leftovers = [
        format!(".dist.{}12345", crate::TEMPORARY_MARK),
        ".dist.tmp-4242".to_owned(),
        ".dist.old-4242".to_owned(),
    ];
    for leftover in &leftovers {
        std::fs::create_dir_all(dir.path().join(leftover)).unwrap();
        std::fs::write(dir.path().join(leftover).join("release.json"), "half").unwrap();
    }
    std::fs::create_dir_all(super::folder::old_name(&target)).unwrap();
    // A file of someone else's with a similar name is not touched.
    std::fs::write(dir.path().join(".dist.notes"), "mine").unwrap();
    replace_folder(&target, &[("release.json", b"whole")]).unwrap();
    assert_eq!(
        tree(dir.path()),
        expected(&[(".dist.notes", "mine"), ("dist/release.json", "whole")])
    );
}
