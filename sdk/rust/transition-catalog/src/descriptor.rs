//! What a plugin and its animators declare: plain Rust values the export turns into C tables.
use crate::context::{Operation, Style};

/// The type of a parameter, with its choices for a choice.
#[derive(Clone, Debug)]
pub enum ParamKind {
    /// Any finite value in [min, max].
    Number,
    /// A whole number in [min, max].
    Integer,
    /// 0 or 1.
    Bool,
    /// An index into these kebab-case names; min is 0 and max is their count − 1.
    Choice(&'static [&'static str]),
}

/// A typed parameter; its value reaches the animator through [`crate::Context::param`].
#[derive(Clone, Debug)]
pub struct ParamInfo {
    /// Kebab-case key, unique within the animator: "direction".
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One sentence for users.
    pub doc: &'static str,
    /// "s", "pt", "deg", "%" or "".
    pub unit: &'static str,
    /// The type.
    pub kind: ParamKind,
    /// The default value.
    pub default: f64,
    /// The smallest value (ignored for choices and booleans).
    pub min: f64,
    /// The largest value (ignored for choices and booleans).
    pub max: f64,
}

impl ParamInfo {
    /// A number parameter.
    pub fn number(id: &'static str, name: &'static str, doc: &'static str, unit: &'static str, default: f64, min: f64, max: f64) -> Self {
        ParamInfo { id, name, doc, unit, kind: ParamKind::Number, default, min, max }
    }

    /// A choice parameter whose default is the choice at `default`.
    pub fn choice(id: &'static str, name: &'static str, doc: &'static str, choices: &'static [&'static str], default: usize) -> Self {
        ParamInfo { id, name, doc, unit: "", kind: ParamKind::Choice(choices), default: default as f64, min: 0.0, max: choices.len().saturating_sub(1) as f64 }
    }

    /// A boolean parameter.
    pub fn boolean(id: &'static str, name: &'static str, doc: &'static str, default: bool) -> Self {
        ParamInfo { id, name, doc, unit: "", kind: ParamKind::Bool, default: if default { 1.0 } else { 0.0 }, min: 0.0, max: 1.0 }
    }
}

/// An animator's identity, what it serves and its parameters.
#[derive(Clone, Debug)]
pub struct AnimatorInfo {
    /// Kebab-case, unique within the plugin.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One sentence.
    pub summary: &'static str,
    /// The operations it serves; not empty.
    pub operations: &'static [Operation],
    /// The presentation styles it serves on present and dismiss; empty means full screen only.
    pub styles: &'static [Style],
    /// The reverse operation may be served by running it backwards.
    pub reversible: bool,
    /// Its parameters, in the order of [`crate::Context::param`]'s indexes.
    pub params: Vec<ParamInfo>,
}

/// A plugin's identity, for [`crate::export_plugin!`].
#[derive(Clone, Debug)]
pub struct PluginInfo {
    /// Reverse-DNS, stable across versions: "org.example.transitions".
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// Who makes it.
    pub vendor: &'static str,
    /// The plugin's own version: "1.2.0".
    pub version: &'static str,
    /// One paragraph.
    pub description: &'static str,
    /// SPDX expression: "MIT", "Apache-2.0".
    pub license: &'static str,
}
