//! The JSON API's requests that answer at once: the piece table, reading a problem,
//! writing it in another format, the legal moves of a position. Every error is a JSON
//! object `{"error": "…"}` with a 4xx status; nothing a client sends can panic here.

use crate::cli::compile_rules;
use crate::solve::parse_stipulation;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use yosei_core::{Color, Move, Piece, PieceKind};
use yosei_io::display::replay_line;
use yosei_io::input::{read_problems_from_text, LoadedProblem};
use yosei_io::notation::board_glyph;
use yosei_io::sfen::{parse_usi_move, write_sfen};
use yosei_io::MoveLine;
use yosei_rules::{DiscardedKinds, FairyPromotion, GameHistory, RoyalKinds, RuleSet, Stipulation, UchifuzumeReading};

/// The longest problem text read (a collection of problems, not a database).
const MAX_TEXT_BYTES: usize = 1 << 20;

/// An error answered as `{"error": message}`.
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// The body of a request, or a JSON error saying what is wrong with it (axum's own
/// rejection is plain text).
pub fn body<T>(payload: Result<Json<T>, JsonRejection>) -> Result<T, ApiError> {
    payload
        .map(|Json(body)| body)
        .map_err(|e| ApiError::bad_request(format!("bad request body: {}", e.body_text())))
}

pub async fn not_found() -> ApiError {
    ApiError {
        status: StatusCode::NOT_FOUND,
        message: "no such page or API route (docs/web.md)".into(),
    }
}

/// A problem as the page sends it: its text in any format, and the rules chosen on the
/// page (joined to those the text states itself).
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ProblemRequest {
    /// SFEN, KIF, KI2, CSA, fm one-line or a yosei problem file.
    pub text: String,
    /// Which problem of the text, from 0.
    pub index: usize,
    /// cli.md's name (`help:5`) or fm's words (`ばか詰`); empty: the problem's own.
    pub stip: Option<String>,
    /// cli.md's condition names.
    pub conditions: Vec<String>,
    /// `check-only` or `any`.
    pub uchifuzume: Option<String>,
    /// `normal` or `strict`.
    pub repetition: Option<String>,
    /// `hold`, `discard` or `discard:KIND,…` (the command line's `--fairy-capture`).
    pub fairy_capture: Option<String>,
    /// `none`, `all` or `KIND,…` (the command line's `--fairy-promotion`).
    pub fairy_promotion: Option<String>,
    /// `empty-neighbour` or `any` (the command line's `--lion-pass`).
    pub lion_pass: Option<String>,
    /// `none` or `second-rank` (the command line's `--fairy-home`).
    pub fairy_home: Option<String>,
    /// `none` or `KIND,…` (the command line's `--royal`).
    pub royal: Option<String>,
}

/// A problem read and validated, with the stipulation it is to be solved under.
pub struct Loaded {
    pub problem: LoadedProblem,
    pub stipulation: Stipulation,
}

impl ProblemRequest {
    pub fn load(&self) -> Result<Loaded, ApiError> {
        if self.text.len() > MAX_TEXT_BYTES {
            return Err(ApiError::bad_request(format!(
                "the text is longer than {MAX_TEXT_BYTES} bytes"
            )));
        }
        let mut conditions = self.conditions.clone();
        let stipulation = match self.stip.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(text) => {
                let (stipulation, named) = parse_stipulation(text).map_err(ApiError::bad_request)?;
                // fm's words name conditions too (`キルケばか詰`)
                for c in named {
                    let name = c.to_string();
                    if !conditions.contains(&name) {
                        conditions.push(name);
                    }
                }
                Some(stipulation)
            }
            None => None,
        };
        let uchifuzume = match &self.uchifuzume {
            Some(reading) => reading
                .parse::<UchifuzumeReading>()
                .map_err(|e| ApiError::bad_request(format!("uchifuzume: {e}")))?,
            None => UchifuzumeReading::default(),
        };
        let mut rules = compile_rules(&conditions, uchifuzume).map_err(ApiError::bad_request)?;
        if let Some(choice) = self.fairy_capture.as_deref().filter(|c| !c.trim().is_empty()) {
            let discarded: DiscardedKinds = choice
                .parse()
                .map_err(|e| ApiError::bad_request(format!("fairy_capture: {e}")))?;
            rules = rules.with_discarded_kinds(discarded);
        }
        if let Some(choice) = self.fairy_promotion.as_deref().filter(|c| !c.trim().is_empty()) {
            let promotion: FairyPromotion = choice
                .parse()
                .map_err(|e| ApiError::bad_request(format!("fairy_promotion: {e}")))?;
            rules = rules.with_fairy_promotion(promotion);
        }
        if let Some(choice) = self.royal.as_deref().filter(|c| !c.trim().is_empty()) {
            let royal: RoyalKinds = choice
                .parse()
                .map_err(|e| ApiError::bad_request(format!("royal: {e}")))?;
            rules = rules.with_royal_kinds(royal);
        }
        if let Some(reading) = self.lion_pass.as_deref().filter(|c| !c.trim().is_empty()) {
            rules.lion_pass = reading
                .parse()
                .map_err(|e| ApiError::bad_request(format!("lion_pass: {e}")))?;
        }
        if let Some(reading) = self.fairy_home.as_deref().filter(|c| !c.trim().is_empty()) {
            rules.fairy_home = reading
                .parse()
                .map_err(|e| ApiError::bad_request(format!("fairy_home: {e}")))?;
        }
        if let Some(rule) = &self.repetition {
            rules.repetition = rule
                .parse()
                .map_err(|e| ApiError::bad_request(format!("repetition: {e}")))?;
        }
        if self.text.trim().is_empty() {
            return Err(ApiError::bad_request("no problem: the text is empty"));
        }
        let problems =
            read_problems_from_text(&self.text, "text", &rules).map_err(|e| ApiError::bad_request(e.to_string()))?;
        let count = problems.len();
        let problem = problems.into_iter().nth(self.index).ok_or_else(|| {
            ApiError::bad_request(format!("problem {} asked for; the text holds {count}", self.index))
        })?;
        // A problem that states no rule is a 詰将棋 (cli.md).
        let stipulation = stipulation
            .or(problem.problem.stipulation)
            .unwrap_or(Stipulation::Tsume { length: None });
        Ok(Loaded { problem, stipulation })
    }
}

/// One kind of piece as the page draws and writes it.
#[derive(Serialize)]
pub struct PieceInfo {
    /// The SFEN of a Black piece (`P`, `+P`, `I`); White's is in lower case.
    sfen: String,
    glyph: char,
    name: &'static str,
    fairy: bool,
    /// Whether a hand can hold it.
    hand: bool,
    /// The SFEN of its promoted form, if it promotes.
    promoted: Option<String>,
}

/// Every kind yosei knows, from the same tables the readers and writers use.
pub async fn pieces() -> Json<Vec<PieceInfo>> {
    Json(
        PieceKind::ALL
            .iter()
            .map(|&kind| PieceInfo {
                sfen: Piece::new(kind, Color::Black).to_sfen(),
                glyph: board_glyph(kind),
                name: kind.name(),
                fairy: !kind.is_ordinary(),
                hand: kind.is_hand_kind(),
                promoted: kind.promoted().map(|p| Piece::new(p, Color::Black).to_sfen()),
            })
            .collect(),
    )
}

/// Every condition yosei knows (`yosei solve --list-conditions`' list): the page makes
/// its checkboxes from it.
pub async fn conditions() -> Json<Vec<crate::condition_list::ConditionEntry>> {
    Json(crate::condition_list::entries())
}

/// What the page shows of a problem it has read.
#[derive(Serialize)]
pub struct ProblemView {
    /// The start position, validated.
    sfen: String,
    /// The format the text was read as.
    format: &'static str,
    title: Option<String>,
    stipulation: String,
    stipulation_japanese: &'static str,
    /// cli.md's names: the page's and the problem's own.
    conditions: Vec<String>,
    uchifuzume: &'static str,
    /// What a captured fairy piece becomes: `hold`, `discard` or `discard:KIND,…`.
    fairy_capture: String,
    /// Which fairy kinds promote: `none`, `all` or `KIND,…`.
    fairy_promotion: String,
    /// When a Lion may pass: `empty-neighbour` or `any`.
    lion_pass: &'static str,
    /// Where a fairy piece starts for キルケ and アンチキルケ: `none` or `second-rank`.
    fairy_home: &'static str,
    /// The fairy kinds declared royal: `none` or `KIND,…`.
    royal: String,
    /// How many problems the text holds.
    count: usize,
}

pub async fn parse(payload: Result<Json<ProblemRequest>, JsonRejection>) -> Result<Json<ProblemView>, ApiError> {
    let request = body(payload)?;
    let count = problem_count(&request.text);
    let Loaded { problem, stipulation } = request.load()?;
    Ok(Json(ProblemView {
        sfen: write_sfen(&problem.position.to_setup()),
        format: problem.format.name(),
        title: problem.problem.meta.title.clone(),
        stipulation: stipulation.to_string(),
        stipulation_japanese: stipulation.japanese(),
        conditions: problem.rules.conditions().iter().map(|c| c.to_string()).collect(),
        uchifuzume: match problem.rules.uchifuzume {
            UchifuzumeReading::CheckOnly => "check-only",
            UchifuzumeReading::Any => "any",
        },
        fairy_capture: problem.rules.discarded_kinds().to_string(),
        fairy_promotion: problem.rules.fairy_promotion().to_string(),
        lion_pass: problem.rules.lion_pass.name(),
        fairy_home: problem.rules.fairy_home.name(),
        royal: problem.rules.royal_kinds().to_string(),
        count,
    }))
}

/// How many problems a text holds (0 when it does not read).
fn problem_count(text: &str) -> usize {
    yosei_io::detect::read_problems(text).map_or(0, |p| p.len())
}

#[derive(Deserialize)]
pub struct ConvertRequest {
    #[serde(flatten)]
    problem: ProblemRequest,
    /// `sfen`, `kif`, `ki2`, `csa` or `fm`.
    format: String,
}

/// The problem (its start position, stipulation and conditions; no moves) written in
/// another format.
pub async fn convert(
    payload: Result<Json<ConvertRequest>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let request = body(payload)?;
    let Loaded { problem, stipulation } = request.problem.load()?;
    let mut written = problem.problem.clone();
    written.setup = problem.position.to_setup();
    written.stipulation = Some(stipulation);
    written.conditions = problem.rules.conditions().to_vec();
    written.moves = MoveLine::default();
    let text = match request.format.as_str() {
        "sfen" => write_sfen(&written.setup),
        "kif" => yosei_io::kif::write_kif(&written),
        "ki2" => yosei_io::ki2::write_ki2(&written).map_err(|e| ApiError::bad_request(e.to_string()))?,
        "csa" => yosei_io::csa::write_csa(&written),
        "fm" => yosei_io::fm::write_fm(&written),
        other => {
            return Err(ApiError::bad_request(format!(
                "format '{other}': expected sfen, kif, ki2, csa or fm"
            )))
        }
    };
    Ok(Json(serde_json::json!({ "text": text })))
}

#[derive(Deserialize)]
pub struct MovesRequest {
    #[serde(flatten)]
    problem: ProblemRequest,
    /// USI moves played from the problem's start.
    #[serde(default)]
    played: Vec<String>,
}

/// A legal move as the page offers it.
#[derive(Serialize)]
struct LegalMove {
    usi: String,
    ki2: String,
}

/// The position after `played` from the problem's start: its SFEN, whether the side to
/// move is in check, and its legal moves (play mode).
pub async fn moves(payload: Result<Json<MovesRequest>, JsonRejection>) -> Result<Json<serde_json::Value>, ApiError> {
    let request = body(payload)?;
    let Loaded { problem, .. } = request.problem.load()?;
    let rules = &problem.rules;
    let (mut game, line) = replay_played(&problem.played, rules, &request.played)?;
    let replayed = replay_line(&problem.position, rules, &line);
    let position = game.current().clone();
    let previous_to = line.last().map(|m| m.to());
    // a fourfold repetition has ended the game: nothing more to play
    let legal_moves = if game.repetition().is_some() {
        Vec::new()
    } else {
        game.legal_moves(rules)
    };
    let legal: Vec<LegalMove> = legal_moves
        .iter()
        .map(|&m| LegalMove {
            usi: m.to_usi(),
            ki2: yosei_io::notation::write_ki2_move(&position, rules, m, previous_to),
        })
        .collect();
    Ok(Json(serde_json::json!({
        "sfen": write_sfen(&position.to_setup()),
        "in_check": position.in_check(rules),
        "played": replayed.iter().map(|s| &s.ki2).collect::<Vec<_>>(),
        "legal": legal,
    })))
}

/// The game of the USI moves `played` after `before` (the problem's own game: its
/// position and the moves given with it, which count for repetition), each read and
/// legal in turn given the game so far (under `repetition = strict` a move that
/// completes a perpetual check's fourfold repetition is not), or the error naming the
/// first that is not. A fourfold repetition ends the game: no move may follow it.
pub fn replay_played(
    before: &GameHistory,
    rules: &RuleSet,
    played: &[String],
) -> Result<(GameHistory, Vec<Move>), ApiError> {
    let mut game = before.clone();
    let mut line = Vec::with_capacity(played.len());
    for (i, text) in played.iter().enumerate() {
        let m = parse_usi_move(text).map_err(|e| ApiError::bad_request(format!("move {}: {e}", i + 1)))?;
        if game.repetition().is_some() {
            return Err(ApiError::bad_request(format!(
                "move {} ({text}): the game ended by repetition (千日手) after move {i}",
                i + 1
            )));
        }
        if !game.legal_moves(rules).contains(&m) {
            return Err(ApiError::bad_request(format!("move {} ({text}) is not legal", i + 1)));
        }
        game.play(m, rules);
        line.push(m);
    }
    Ok((game, line))
}
