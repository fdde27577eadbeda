//! `yosei serve --problems DIR`: the problem files of a folder on the server, listed
//! for the page and read one at a time. The folder is walked recursively; symbolic
//! links are neither listed nor followed, and a path asked for must name a file inside
//! the folder (no `..`, no absolute path, no link leading out).

use super::api::ApiError;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use yosei_solve::mate_in::check_plies;

/// Extensions of the files listed (lower case): the formats yosei reads.
const PROBLEM_EXTENSIONS: [&str; 8] = ["kif", "kifu", "ki2", "ki2u", "csa", "sfen", "txt", "fm"];
/// Folders deeper than this below DIR are not walked (a guard against huge trees).
const MAX_DEPTH: usize = 8;
/// The most files listed.
const MAX_FILES: usize = 20_000;
/// The largest file read (as the API's text limit).
const MAX_FILE_BYTES: u64 = 1 << 20;

/// The folder given to `--problems`, resolved once at start.
pub struct ProblemDir {
    root: PathBuf,
}

impl ProblemDir {
    pub fn open(dir: &Path) -> Result<ProblemDir, String> {
        let root = dir
            .canonicalize()
            .map_err(|e| format!("--problems {}: {e}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("--problems {}: not a folder", dir.display()));
        }
        Ok(ProblemDir { root })
    }

    /// Every problem file below the root, as `/`-separated relative paths, sorted.
    fn list(&self) -> Vec<String> {
        let mut files = Vec::new();
        let mut folders = vec![(self.root.clone(), 0)];
        while let Some((folder, depth)) = folders.pop() {
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries.flatten() {
                // file_type does not follow links: a link is neither a file nor a folder here.
                let Ok(kind) = entry.file_type() else { continue };
                let path = entry.path();
                if kind.is_dir() && depth < MAX_DEPTH {
                    folders.push((path, depth + 1));
                } else if kind.is_file() && is_problem_file(&path) && files.len() < MAX_FILES {
                    if let Some(relative) = relative_name(&self.root, &path) {
                        files.push(relative);
                    }
                }
            }
        }
        files.sort();
        files
    }

    /// The file `relative` names, if it is a regular file inside the root.
    fn resolve(&self, relative: &str) -> Result<PathBuf, ApiError> {
        let path = Path::new(relative);
        let plain = !relative.is_empty() && path.components().all(|c| matches!(c, Component::Normal(_)));
        if !plain {
            return Err(ApiError::bad_request(format!(
                "path '{relative}': a path inside the problem folder is expected (no '..', no absolute path)"
            )));
        }
        let not_found = || ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("no problem file '{relative}' in the problem folder"),
        };
        // Resolving the links shows where the path really leads.
        let real = self.root.join(path).canonicalize().map_err(|_| not_found())?;
        if !real.starts_with(&self.root) {
            return Err(ApiError::bad_request(format!(
                "path '{relative}' leads out of the problem folder"
            )));
        }
        if !real.is_file() {
            return Err(not_found());
        }
        Ok(real)
    }
}

fn is_problem_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| PROBLEM_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

fn relative_name(root: &Path, path: &Path) -> Option<String> {
    let parts: Option<Vec<&str>> = path
        .strip_prefix(root)
        .ok()?
        .components()
        .map(|c| c.as_os_str().to_str())
        .collect();
    Some(parts?.join("/"))
}

/// Seed 004 names its files `NN_xxx` with NN the stated length: `mate:NN`, when NN can
/// be one (odd, within the solver's limit).
pub fn stated_stipulation(relative: &str) -> Option<String> {
    let name = relative.rsplit('/').next()?;
    let (digits, _) = name.split_once('_')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let plies: u32 = digits.parse().ok()?;
    check_plies(plies).ok()?;
    Some(format!("mate:{plies}"))
}

/// The problem folder, if `--problems` gave one.
pub type Problems = Option<Arc<ProblemDir>>;

fn folder(problems: &Problems) -> Result<&ProblemDir, ApiError> {
    problems.as_deref().ok_or_else(|| ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no problem folder: start the server with --problems DIR".into(),
    })
}

#[derive(Serialize)]
struct ListedFile {
    path: String,
    /// From the file's name (`mate:3`), if it states a length.
    stip: Option<String>,
}

/// `GET /api/problems`: the files of the folder.
pub async fn list(State(problems): State<Problems>) -> Result<Json<serde_json::Value>, ApiError> {
    let dir = folder(&problems)?.root.clone();
    let files = tokio::task::spawn_blocking(move || ProblemDir { root: dir }.list())
        .await
        .map_err(|e| ApiError::bad_request(format!("cannot list the problem folder: {e}")))?;
    let files: Vec<ListedFile> = files
        .into_iter()
        .map(|path| ListedFile {
            stip: stated_stipulation(&path),
            path,
        })
        .collect();
    Ok(Json(serde_json::json!({ "recursive": true, "files": files })))
}

#[derive(Deserialize)]
pub struct FileQuery {
    path: String,
}

/// `GET /api/problems/file?path=…`: one file's text.
pub async fn file(
    State(problems): State<Problems>,
    query: Result<Query<FileQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(format!("bad query: {}", e.body_text())))?;
    let real = folder(&problems)?.resolve(&query.path)?;
    let too_big = std::fs::metadata(&real).map_or(true, |m| m.len() > MAX_FILE_BYTES);
    if too_big {
        return Err(ApiError::bad_request(format!(
            "'{}' is larger than {MAX_FILE_BYTES} bytes",
            query.path
        )));
    }
    let bytes =
        std::fs::read(&real).map_err(|e| ApiError::bad_request(format!("cannot read '{}': {e}", query.path)))?;
    // Old problem collections are often in Shift_JIS; the page sends UTF-8 text back.
    let text =
        yosei_io::encoding::decode_text(&bytes).map_err(|e| ApiError::bad_request(format!("'{}': {e}", query.path)))?;
    Ok(Json(serde_json::json!({
        "path": query.path,
        "text": text,
        "stip": stated_stipulation(&query.path),
    })))
}
