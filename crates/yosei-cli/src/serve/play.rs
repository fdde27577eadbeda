//! Play mode (seed 004's game): the user plays the attacker, checking with every move,
//! and yosei defends with the reply that survives longest. The page sends the whole
//! game so far (the server keeps nothing between requests); when it ends with the
//! user's move, the answer holds yosei's reply.

use super::api::{body, replay_played, ApiError, Loaded, ProblemRequest};
use axum::extract::rejection::JsonRejection;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use yosei_io::display::replay_line;
use yosei_io::notation::write_ki2_move;
use yosei_io::sfen::write_sfen;
use yosei_rules::{GameHistory, RuleSet, Stipulation};
use yosei_solve::mate_in::{check_plies, longest_defence, Defence};
use yosei_solve::tsume::{solve_tsume, TsumeOptions};
use yosei_solve::{Limits, Outcome, PriorGame, Verdict};

/// How long yosei may think about one reply (a page waits for it).
const THINK_LIMIT: Duration = Duration::from_secs(20);
/// The search tables of one reply, in MiB.
const THINK_HASH_MB: usize = 256;
/// Replies searched at once (the rest wait their turn), so that many pages cannot
/// take all the memory.
static THINKING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

#[derive(Deserialize)]
pub struct PlayRequest {
    #[serde(flatten)]
    problem: ProblemRequest,
    /// USI moves of the game from the problem's start, the attacker's first; the last
    /// is the user's new move when there is an odd number.
    #[serde(default)]
    played: Vec<String>,
}

/// A move of the game as the page shows it.
#[derive(Serialize)]
struct PlayedMove {
    usi: String,
    ki2: String,
    /// The position after it.
    sfen: String,
}

/// Where the game stands.
#[derive(Serialize, PartialEq, Eq, Debug)]
#[serde(rename_all = "kebab-case")]
enum GameState {
    /// The user is to move.
    Playing,
    /// The user's last move mated.
    Mate,
    /// The defence has survived: see `SurvivedBecause`.
    Survived,
}

#[derive(Serialize)]
#[serde(rename_all = "kebab-case")]
enum SurvivedBecause {
    /// The user's move left no mate within the plies left (or, in 詰将棋, none at all).
    Escape,
    /// mate:N's plies are used up.
    PliesUsed,
    /// The user has no check to play.
    NoCheck,
    /// The user's last move mates, but the mate does not count (打歩詰, 王位置).
    MateDoesNotCount,
    /// The game reached the same position a fourth time (千日手): the attacker, checking
    /// with every move, loses by perpetual check (a draw if the defence checked
    /// throughout too); either way no mate.
    Repetition,
}

/// The game after the request's moves and, when it ends with the user's move, yosei's
/// reply.
pub async fn play(payload: Result<Json<PlayRequest>, JsonRejection>) -> Result<Json<serde_json::Value>, ApiError> {
    let request = body(payload)?;
    let Loaded { problem, stipulation } = request.problem.load()?;
    // mate:N bounds the game; 詰将棋 plays on while a mate remains.
    let plies = match stipulation {
        Stipulation::MateIn { length } => {
            check_plies(length).map_err(ApiError::bad_request)?;
            Some(length)
        }
        Stipulation::Tsume { .. } => None,
        other => {
            return Err(ApiError::bad_request(format!(
                "play mode plays mate:N and tsume, not {other}"
            )))
        }
    };
    let rules = problem.rules.clone();
    let (mut history, mut game) = replay_played(&problem.played, &rules, &request.played)?;
    // The user's moves are the even indices of the game: each must be a check.
    let mut position = problem.position.clone();
    for (i, &m) in game.iter().enumerate() {
        if i % 2 == 0 && !position.gives_check(m, &rules) {
            let previous_to = i.checked_sub(1).map(|p| game[p].to());
            return Err(ApiError::bad_request(format!(
                "move {} ({}) is not a check: the attacker checks with every move",
                i + 1,
                write_ki2_move(&position, &rules, m, previous_to)
            )));
        }
        if let Some(n) = plies.filter(|&n| i as u32 >= n) {
            return Err(ApiError::bad_request(format!(
                "move {}: mate:{n} has no plies left",
                i + 1
            )));
        }
        position.play_in_place(m);
    }
    let mut reply = None;
    let mut survived = None;
    let mut mate_within = None;
    let state = if history.repetition().is_some() {
        survived = Some(SurvivedBecause::Repetition);
        GameState::Survived
    } else if game.len() % 2 == 1 {
        let user_move = game[game.len() - 1];
        // mate given the game: under `repetition = strict` a reply that would complete
        // the defence's own perpetual check does not count
        if !history.has_legal_move(&rules) {
            if rules.mate_counts(&position, Some(user_move)) {
                GameState::Mate
            } else {
                survived = Some(SurvivedBecause::MateDoesNotCount);
                GameState::Survived
            }
        } else if plies.is_some_and(|n| game.len() as u32 >= n) {
            survived = Some(SurvivedBecause::PliesUsed);
            GameState::Survived
        } else {
            let plies_left = plies.map(|n| n - game.len() as u32);
            let defence = defend(history.clone(), rules.clone(), plies_left).await?;
            game.push(defence.reply);
            position.play_in_place(defence.reply);
            history.play(defence.reply, &rules);
            reply = Some(defence.reply);
            mate_within = defence.mate_within;
            if history.repetition().is_some() {
                survived = Some(SurvivedBecause::Repetition);
                GameState::Survived
            } else if defence.mate_within.is_none() {
                survived = Some(SurvivedBecause::Escape);
                GameState::Survived
            } else {
                GameState::Playing
            }
        }
    } else if plies.is_some_and(|n| game.len() as u32 >= n) {
        survived = Some(SurvivedBecause::PliesUsed);
        GameState::Survived
    } else if !history
        .legal_moves(&rules)
        .iter()
        .any(|&m| position.gives_check(m, &rules))
    {
        survived = Some(SurvivedBecause::NoCheck);
        GameState::Survived
    } else {
        GameState::Playing
    };
    let replayed = replay_line(&problem.position, &rules, &game);
    let played: Vec<PlayedMove> = game
        .iter()
        .zip(&replayed)
        .map(|(m, step)| PlayedMove {
            usi: m.to_usi(),
            ki2: step.ki2.clone(),
            sfen: step
                .position
                .as_ref()
                .map(|p| write_sfen(&p.to_setup()))
                .unwrap_or_default(),
        })
        .collect();
    // The user's next moves: every legal move (a non-check is refused with a reason
    // rather than hidden, so that the page can say why).
    let legal: Vec<String> = if state == GameState::Playing {
        history.legal_moves(&rules).iter().map(|m| m.to_usi()).collect()
    } else {
        Vec::new()
    };
    Ok(Json(serde_json::json!({
        "start": write_sfen(&problem.position.to_setup()),
        "sfen": write_sfen(&position.to_setup()),
        "plies": plies,
        "played": played,
        "reply": reply.map(|m| m.to_usi()),
        "mate_within": mate_within,
        "state": state,
        "survived": survived,
        "legal": legal,
    })))
}

/// yosei's reply in the game's position (the defender to move, with a legal move),
/// searched off the server's workers.
async fn defend(game: GameHistory, rules: RuleSet, plies_left: Option<u32>) -> Result<Defence, ApiError> {
    let _turn = THINKING
        .acquire()
        .await
        .map_err(|e| ApiError::bad_request(format!("the defence search is closed: {e}")))?;
    let searched = tokio::task::spawn_blocking(move || {
        let limits = Limits {
            hash_mb: THINK_HASH_MB,
            time_limit: Some(THINK_LIMIT),
            ..Limits::default()
        };
        match plies_left {
            Some(plies) => longest_defence(game.current(), &rules, plies, &limits),
            None => longest_tsume_defence(&game, &rules, &limits),
        }
    })
    .await
    .map_err(|e| ApiError::bad_request(format!("the defence search failed: {e}")))?;
    searched
        .map_err(|why| ApiError::bad_request(format!("no defence chosen: {why}")))?
        .ok_or_else(|| ApiError::bad_request("the defender has no legal move"))
}

/// 詰将棋 has no length to survive: the reply after which the direct-mate solver finds
/// no mate, else the one whose shortest mate is longest. The solver counts the game so
/// far for repetition, and a reply that brings a position a fourth time ends the game
/// without mate. Replies the solver cannot decide within its limits are not chosen (one
/// might be lost); if it decides none, that is the error.
fn longest_tsume_defence(game: &GameHistory, rules: &RuleSet, limits: &Limits) -> Result<Option<Defence>, String> {
    // legal given the game (`repetition = strict`)
    let replies = game.clone().legal_moves(rules);
    if replies.is_empty() {
        return Ok(None);
    }
    let mut best: Option<Defence> = None;
    for &reply in &replies {
        let mut after = game.clone();
        after.play(reply, rules);
        let outcome = if after.repetition().is_some() {
            Outcome::new(Verdict::NoSolution)
        } else {
            // (a game the search cannot follow under `strict`: the reply is undecided)
            let Ok(prior) = PriorGame::of(&after, rules) else {
                continue;
            };
            let options = TsumeOptions {
                prior,
                ..TsumeOptions::default()
            };
            solve_tsume(after.current(), rules, &options, limits, |_| {})
        };
        let mate_within = match (outcome.verdict, outcome.length) {
            (Verdict::NoSolution, _) => None,
            (Verdict::Solved, Some(length)) => Some(length),
            _ => continue,
        };
        let defence = Defence { reply, mate_within };
        if defence.outlasts(best) {
            best = Some(defence);
        }
        if mate_within.is_none() {
            break;
        }
    }
    best.map(Some)
        .ok_or_else(|| "the solver decided no reply within its limits".to_string())
}
