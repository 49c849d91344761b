//! What one source file of the app names, read by parsing the whole file (`syn`): the paths of
//! its `use` items, of its code and attributes, and of the tokens its macros are called with,
//! each made absolute. Only the test modules are left out: an inline `#[cfg(test)] mod … { }`
//! is skipped, and a `#[cfg(test)] mod …;` is reported so that its file can be skipped too.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use std::collections::BTreeSet;
use syn::visit::{self, Visit};

/// A path from the crate root (`["play", "session", "Session"]`) or from an outside name.
pub type Path = Vec<String>;

/// Everything one file names.
#[derive(Debug, Default)]
pub struct Named {
    /// Paths into this crate, from its root (`crate::play::session::Session`, `super::x`, or a
    /// child module's `rows::Row`).
    pub inside: BTreeSet<Path>,
    /// Every other path, as written: another crate's (`tauri::Manager`), or a name in scope.
    pub outside: BTreeSet<Path>,
    /// Every identifier of every path (`SavedGame` of `SavedGame { .. }`).
    pub words: BTreeSet<String>,
    /// The out-of-line modules declared `#[cfg(test)] mod …;`, from the crate root.
    pub test_modules: BTreeSet<Path>,
}

/// Reads `source`, the file of the module at `module` (its path from the crate root).
pub fn read(source: &str, module: &[String]) -> syn::Result<Named> {
    let file = syn::parse_file(source)?;
    let mut reader = Reader { scope: module.to_vec(), ..Reader::default() };
    reader.visit_file(&file);
    Ok(reader.resolve())
}

/// A path as met, with the module it was met in.
struct Met {
    scope: Path,
    path: Path,
}

#[derive(Default)]
struct Reader {
    /// The module being read: the file's, then any inline module in it.
    scope: Path,
    met: Vec<Met>,
    /// The modules the file declares (inline or out of line), from the crate root.
    declared: BTreeSet<Path>,
    test_modules: BTreeSet<Path>,
}

impl Reader {
    fn meet(&mut self, path: Path) {
        if !path.is_empty() {
            self.met.push(Met { scope: self.scope.clone(), path });
        }
    }

    /// Makes every path met absolute, now that every module the file declares is known.
    fn resolve(self) -> Named {
        let mut named = Named { test_modules: self.test_modules, ..Named::default() };
        for Met { scope, path } in self.met {
            named.words.extend(path.iter().filter(|word| !is_keyword(word)).cloned());
            match absolute(&scope, &path, &self.declared) {
                Some(inside) => named.inside.insert(inside),
                None => named.outside.insert(path),
            };
        }
        named
    }
}

/// `path`, met in `scope`, from the crate root; `None` for a path that leaves the crate.
fn absolute(scope: &[String], path: &[String], declared: &BTreeSet<Path>) -> Option<Path> {
    let (first, rest) = path.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" => Some([scope, rest].concat()),
        "super" => {
            let mut base = scope.to_vec();
            let mut rest = path;
            while let Some(("super", after)) = rest.split_first().map(|(word, after)| (word.as_str(), after)) {
                base.pop();
                rest = after;
            }
            Some([base.as_slice(), rest].concat())
        }
        _ => {
            let relative = [scope, path].concat();
            declared.contains(&relative[..=scope.len()]).then_some(relative)
        }
    }
}

fn is_keyword(word: &str) -> bool {
    ["crate", "self", "super", "Self"].contains(&word)
}

fn is_cfg_test(attributes: &[syn::Attribute]) -> bool {
    attributes.iter().any(|attribute| {
        attribute.path().is_ident("cfg")
            && matches!(&attribute.meta, syn::Meta::List(list) if list.tokens.to_string() == "test")
    })
}

/// Every path a `use` tree brings in (`use a::{b, c::*}`: `a::b` and `a::c`).
fn use_paths(tree: &syn::UseTree, prefix: &mut Path, out: &mut Vec<Path>) {
    match tree {
        syn::UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            use_paths(&path.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(name) if name.ident == "self" => out.push(prefix.clone()),
        syn::UseTree::Name(name) => out.push([prefix.as_slice(), &[name.ident.to_string()]].concat()),
        syn::UseTree::Rename(rename) => out.push([prefix.as_slice(), &[rename.ident.to_string()]].concat()),
        syn::UseTree::Glob(_) => out.push(prefix.clone()),
        syn::UseTree::Group(group) => group.items.iter().for_each(|item| use_paths(item, prefix, out)),
    }
}

/// The paths in a macro's tokens (`a::b::c` of `format!("{}", a::b::c())`): a macro's input is
/// not parsed as code, yet a path in it is code once the macro expands.
fn token_paths(tokens: TokenStream, out: &mut Vec<Path>) {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut at = 0;
    while at < tokens.len() {
        match &tokens[at] {
            TokenTree::Group(group) => token_paths(group.stream(), out),
            TokenTree::Ident(ident) => {
                let mut path = vec![ident.to_string()];
                while let (
                    Some(TokenTree::Punct(colon)),
                    Some(TokenTree::Punct(second)),
                    Some(TokenTree::Ident(next)),
                ) = (tokens.get(at + 1), tokens.get(at + 2), tokens.get(at + 3))
                {
                    if colon.as_char() != ':' || colon.spacing() != Spacing::Joint || second.as_char() != ':' {
                        break;
                    }
                    path.push(next.to_string());
                    at += 3;
                }
                out.push(path);
            }
            _ => {}
        }
        at += 1;
    }
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        let path = [self.scope.as_slice(), &[module.ident.to_string()]].concat();
        if is_cfg_test(&module.attrs) {
            if module.content.is_none() {
                self.test_modules.insert(path);
            }
            return;
        }
        self.declared.insert(path.clone());
        let outer = std::mem::replace(&mut self.scope, path);
        visit::visit_item_mod(self, module);
        self.scope = outer;
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        use_paths(&item.tree, &mut Vec::new(), &mut paths);
        paths.into_iter().for_each(|path| self.meet(path));
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.meet(path.segments.iter().map(|segment| segment.ident.to_string()).collect());
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let mut paths = Vec::new();
        token_paths(mac.tokens.clone(), &mut paths);
        paths.into_iter().for_each(|path| self.meet(path));
        visit::visit_macro(self, mac);
    }

    /// `pub(crate)`, `pub(super)`: who may see an item is no import.
    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}
}
