//! Importing the Marinara engine's JSON rulesets (work in progress).
