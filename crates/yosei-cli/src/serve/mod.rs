//! `yosei serve`: the local web page (docs/web.md). An axum server on loopback by
//! default; the page's files are compiled into the binary (`assets`), the JSON API
//! reads problems with yosei-io's readers (`api`) and runs solves on threads of their
//! own, streaming progress by Server-Sent Events (`jobs`).

mod api;
mod assets;
mod jobs;
mod play;
mod problems;

use axum::extract::FromRef;
use axum::routing::{get, post};
use axum::Router;
use problems::{ProblemDir, Problems};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on; the default is reachable from this machine only
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// A folder of problem files (walked recursively) that the page lists
    #[arg(long, value_name = "DIR")]
    problems: Option<PathBuf>,
}

pub fn run(args: ServeArgs) -> Result<(), String> {
    let problems = match &args.problems {
        Some(dir) => Some(Arc::new(ProblemDir::open(dir)?)),
        None => None,
    };
    // Two workers are enough for a page on one machine; the solves run on threads of
    // their own, never on these.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(serve(SocketAddr::new(args.bind, args.port), problems))
}

async fn serve(address: SocketAddr, problems: Problems) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address listened on: {e}"))?;
    // The address alone on the first line of standard output, for scripts and tests.
    println!("http://{bound}/");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    axum::serve(listener, router(problems))
        .await
        .map_err(|e| format!("server stopped: {e}"))
}

/// What the handlers share: each takes the part it needs.
#[derive(Clone)]
struct AppState {
    jobs: Arc<jobs::Jobs>,
    problems: Problems,
}

impl FromRef<AppState> for Arc<jobs::Jobs> {
    fn from_ref(state: &AppState) -> Self {
        state.jobs.clone()
    }
}

impl FromRef<AppState> for Problems {
    fn from_ref(state: &AppState) -> Self {
        state.problems.clone()
    }
}

/// Every route of the page and its API.
fn router(problems: Problems) -> Router {
    let state = AppState {
        jobs: Arc::new(jobs::Jobs::default()),
        problems,
    };
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/pieces", get(api::pieces))
        .route("/api/conditions", get(api::conditions))
        .route("/api/parse", post(api::parse))
        .route("/api/convert", post(api::convert))
        .route("/api/moves", post(api::moves))
        .route("/api/play", post(play::play))
        .route("/api/problems", get(problems::list))
        .route("/api/problems/file", get(problems::file))
        .route("/api/solve", post(jobs::start))
        .route("/api/solve/{id}/events", get(jobs::events))
        .route("/api/solve/{id}/stop", post(jobs::stop))
        .fallback(api::not_found)
        .with_state(state)
}

#[cfg(test)]
mod tests {
    use super::router;
    use axum::body::{to_bytes, Body};
    use axum::http::{Request, StatusCode};
    use serde_json::Value;
    use tower::ServiceExt;

    const HELPMATE: &str = "3+pks3/9/4+P4/9/9/8B/9/9/9 b S2rb4g2s4n4l16p 1";

    /// Sends one request to a fresh router: the status and the body as text.
    async fn send(app: &axum::Router, method: &str, uri: &str, body: &str) -> (StatusCode, String) {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .expect("a well-formed request");
        let response = app.clone().oneshot(request).await.expect("the router answers");
        let status = response.status();
        let bytes = to_bytes(response.into_body(), 1 << 24).await.expect("a body");
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    fn json(text: &str) -> Value {
        serde_json::from_str(text).expect("JSON")
    }

    #[tokio::test]
    async fn bad_requests_are_json_errors() {
        let app = router(None);
        for (uri, body) in [
            ("/api/parse", "not json"),
            ("/api/parse", r#"{"text": 5}"#),
            ("/api/parse", r#"{"text": ""}"#),
            ("/api/parse", r#"{"text": "/etc/passwd"}"#),
            (
                "/api/parse",
                r#"{"text": "9/9/9/9/9/9/9/9/9 b - 1", "conditions": ["nonsense"]}"#,
            ),
            ("/api/parse", r#"{"text": "8k/9/9/9/9/9/9/9/9 b - 1", "index": 3}"#),
            (
                "/api/convert",
                r#"{"text": "8k/9/9/9/9/9/9/9/9 b - 1", "format": "pdf"}"#,
            ),
            (
                "/api/moves",
                r#"{"text": "8k/9/9/9/9/9/9/9/9 b G 1", "played": ["1a1b"]}"#,
            ),
            (
                "/api/solve",
                r#"{"text": "8k/9/9/9/9/9/9/9/9 b G 1", "stip": "nonsense:3"}"#,
            ),
            (
                "/api/solve",
                r#"{"text": "8k/9/9/9/9/9/9/9/9 b G 1", "time_limit": -1}"#,
            ),
        ] {
            let (status, text) = send(&app, "POST", uri, body).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri} {body}: {text}");
            assert!(json(&text)["error"].is_string(), "{uri} {body}: {text}");
        }
        let (status, text) = send(&app, "POST", "/api/solve/99/stop", "").await;
        assert_eq!(
            (status, json(&text)["error"].is_string()),
            (StatusCode::NOT_FOUND, true)
        );
        let (status, _) = send(&app, "GET", "/nowhere", "").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn pieces_parse_convert_and_moves() {
        let app = router(None);
        let (_, text) = send(&app, "GET", "/api/pieces", "").await;
        let pieces = json(&text);
        let lion = pieces
            .as_array()
            .and_then(|p| p.iter().find(|p| p["sfen"] == "I"))
            .expect("the Lion");
        assert_eq!(
            (lion["glyph"].as_str(), lion["fairy"].as_bool()),
            (Some("獅"), Some(true))
        );
        let body = format!(r#"{{"text": "{HELPMATE}", "stip": "ばか詰3"}}"#);
        let (status, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert_eq!(json(&text)["stipulation"], "help:3");
        let body = format!(r#"{{"text": "{HELPMATE}", "stip": "help:3", "format": "kif"}}"#);
        let (_, text) = send(&app, "POST", "/api/convert", &body).await;
        let kif = json(&text)["text"].as_str().unwrap_or_default().to_string();
        // the KIF written reads back as the same problem
        let body = serde_json::json!({ "text": kif }).to_string();
        let (_, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(
            (json(&text)["sfen"].as_str(), json(&text)["format"].as_str()),
            (Some(HELPMATE), Some("KIF"))
        );
        let body = format!(r#"{{"text": "{HELPMATE}", "played": ["1f5b+"]}}"#);
        let (_, text) = send(&app, "POST", "/api/moves", &body).await;
        let moves = json(&text);
        assert_eq!(moves["played"][0], "▲５二角成");
        assert!(moves["in_check"].as_bool().unwrap_or(false));
        assert!(moves["legal"]
            .as_array()
            .is_some_and(|l| l.iter().any(|m| m["ki2"] == "△同　銀")));
    }

    #[tokio::test]
    async fn the_served_conditions_are_every_listed_one_and_each_is_accepted() {
        let app = router(None);
        let (status, text) = send(&app, "GET", "/api/conditions", "").await;
        assert_eq!(status, StatusCode::OK, "{text}");
        let served = json(&text);
        let served = served.as_array().expect("a list");
        let names: Vec<&str> = served.iter().filter_map(|c| c["name"].as_str()).collect();
        let listed: Vec<&str> = yosei_rules::Condition::listed().map(|c| c.name()).collect();
        assert_eq!(names, listed);
        for condition in served {
            // the name the page sends: komazume with the first kind it offers, king-square
            // with the squares it starts from
            let choice = condition["kinds"][0]["name"].as_str().or(condition["squares"].as_str());
            let name = match choice {
                Some(choice) => format!("{}:{choice}", condition["name"].as_str().unwrap_or_default()),
                None => condition["name"].as_str().unwrap_or_default().to_string(),
            };
            assert!(
                condition["japanese"].is_string() && condition["status"].is_string(),
                "{condition}"
            );
            // with the first partner it needs, if it does not stand alone
            let mut chosen = vec![name.clone()];
            chosen.extend(condition["only_with"][0].as_str().map(String::from));
            let body = serde_json::json!({ "text": HELPMATE, "conditions": chosen }).to_string();
            let (status, text) = send(&app, "POST", "/api/parse", &body).await;
            assert_eq!(status, StatusCode::OK, "{chosen:?}: {text}");
            assert_eq!(json(&text)["conditions"][0], name.as_str());
        }
        // a combination the rules refuse is a JSON error that names it
        let body = serde_json::json!({ "text": HELPMATE, "stip": "help:3", "conditions": ["annan", "anhoku"] });
        let (status, text) = send(&app, "POST", "/api/solve", &body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            json(&text)["error"].as_str().is_some_and(|e| e.contains("anhoku")),
            "{text}"
        );
    }

    /// The page's choice of what a captured fairy piece becomes reaches the rules, a
    /// problem's own (fm's /EF) comes back, and a bad value is a JSON error.
    #[tokio::test]
    async fn fairy_capture_is_read_and_shown() {
        let app = router(None);
        for (choice, shown) in [("", "hold"), ("discard", "discard"), ("discard:[WA]", "discard:[WA]")] {
            let body = serde_json::json!({ "text": HELPMATE, "fairy_capture": choice }).to_string();
            let (status, text) = send(&app, "POST", "/api/parse", &body).await;
            assert_eq!(status, StatusCode::OK, "{choice}: {text}");
            assert_eq!(json(&text)["fairy_capture"], shown, "{choice}");
        }
        let body = serde_json::json!({ "text": HELPMATE, "fairy_capture": "throw" }).to_string();
        let (status, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            json(&text)["error"]
                .as_str()
                .is_some_and(|e| e.contains("fairy_capture")),
            "{text}"
        );
    }

    /// The page's (API's) choice of fairy promotion reaches the rules and comes back.
    #[tokio::test]
    async fn fairy_promotion_is_read_and_shown() {
        let app = router(None);
        for (choice, shown) in [("", "none"), ("all", "all"), ("J", "J")] {
            let body = serde_json::json!({ "text": HELPMATE, "fairy_promotion": choice }).to_string();
            let (status, text) = send(&app, "POST", "/api/parse", &body).await;
            assert_eq!(status, StatusCode::OK, "{choice}: {text}");
            assert_eq!(json(&text)["fairy_promotion"], shown, "{choice}");
        }
        let body = serde_json::json!({ "text": HELPMATE, "fairy_promotion": "R" }).to_string();
        let (status, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            json(&text)["error"]
                .as_str()
                .is_some_and(|e| e.contains("fairy_promotion")),
            "{text}"
        );
    }

    /// The API's royal kinds reach the rules and come back; an ordinary kind is refused.
    #[tokio::test]
    async fn royal_kinds_are_read_and_shown() {
        let app = router(None);
        for (choice, shown) in [("", "none"), ("[WA]", "[WA]"), ("wazir", "[WA]")] {
            let body = serde_json::json!({ "text": HELPMATE, "royal": choice }).to_string();
            let (status, text) = send(&app, "POST", "/api/parse", &body).await;
            assert_eq!(status, StatusCode::OK, "{choice}: {text}");
            assert_eq!(json(&text)["royal"], shown, "{choice}");
        }
        let body = serde_json::json!({ "text": HELPMATE, "royal": "G" }).to_string();
        let (status, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            json(&text)["error"].as_str().is_some_and(|e| e.contains("royal")),
            "{text}"
        );
    }

    /// The page's (API's) reading of the Lion's pass reaches the rules and comes back.
    #[tokio::test]
    async fn lion_pass_is_read_and_shown() {
        let app = router(None);
        for (choice, shown) in [
            ("", "empty-neighbour"),
            ("any", "any"),
            ("empty-neighbour", "empty-neighbour"),
        ] {
            let body = serde_json::json!({ "text": HELPMATE, "lion_pass": choice }).to_string();
            let (status, text) = send(&app, "POST", "/api/parse", &body).await;
            assert_eq!(status, StatusCode::OK, "{choice}: {text}");
            assert_eq!(json(&text)["lion_pass"], shown, "{choice}");
        }
        let body = serde_json::json!({ "text": HELPMATE, "lion_pass": "never" }).to_string();
        let (status, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            json(&text)["error"].as_str().is_some_and(|e| e.contains("lion_pass")),
            "{text}"
        );
    }

    /// The API's fairy homes (キルケ, アンチキルケ) reach the rules and come back.
    #[tokio::test]
    async fn fairy_home_is_read_and_shown() {
        let app = router(None);
        for (choice, shown) in [("", "none"), ("second-rank", "second-rank"), ("none", "none")] {
            let body = serde_json::json!({ "text": HELPMATE, "fairy_home": choice }).to_string();
            let (status, text) = send(&app, "POST", "/api/parse", &body).await;
            assert_eq!(status, StatusCode::OK, "{choice}: {text}");
            assert_eq!(json(&text)["fairy_home"], shown, "{choice}");
        }
        let body = serde_json::json!({ "text": HELPMATE, "fairy_home": "rank2" }).to_string();
        let (status, text) = send(&app, "POST", "/api/parse", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(
            json(&text)["error"].as_str().is_some_and(|e| e.contains("fairy_home")),
            "{text}"
        );
    }

    #[tokio::test]
    async fn a_solve_streams_its_result() {
        let app = router(None);
        let body = format!(r#"{{"text": "{HELPMATE}", "stip": "help:3"}}"#);
        let (status, text) = send(&app, "POST", "/api/solve", &body).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        let id = json(&text)["id"].as_u64().expect("an id");
        // the stream ends after the result event
        let (_, events) = send(&app, "GET", &format!("/api/solve/{id}/events"), "").await;
        let result = events
            .split("event: result\ndata: ")
            .nth(1)
            .and_then(|rest| rest.lines().next())
            .expect("a result event");
        let result = json(result);
        assert_eq!(result["report"]["verdict"], "solved");
        assert_eq!(result["lines"][0][2]["ki2"], "▲４二銀");
        assert!(result["kif"].as_str().is_some_and(|k| k.contains("まで3手で詰み")));
    }

    /// A mate:3 of seed 004's kind: 52金打, 同金, 同歩成 (silver in hand as well, so that
    /// a wrong check leaves the defence a choice).
    const MATE_IN_3: &str = "3gk4/9/4P4/9/4L4/9/9/9/9 b GS2r2b2g3s4n3l17p 1";

    async fn play(app: &axum::Router, played: &[&str]) -> (StatusCode, Value) {
        let body = serde_json::json!({ "text": MATE_IN_3, "stip": "mate:3", "played": played }).to_string();
        let (status, text) = send(app, "POST", "/api/play", &body).await;
        (status, json(&text))
    }

    #[tokio::test]
    async fn play_refuses_a_move_that_is_not_a_check() {
        let app = router(None);
        let (status, answer) = play(&app, &["5e5d"]).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer["error"].as_str().is_some_and(|e| e.contains("not a check")));
        for bad in [&["nonsense"][..], &["1a1b"], &["G*5b", "5a5b"]] {
            let (status, answer) = play(&app, bad).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad:?}: {answer}");
        }
        // help play has no defence to choose
        let body = serde_json::json!({ "text": MATE_IN_3, "stip": "help:3" }).to_string();
        let (status, _) = send(&app, "POST", "/api/play", &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn play_a_mating_line_is_reported_as_mate() {
        let app = router(None);
        let (status, start) = play(&app, &[]).await;
        assert_eq!((status, &start["state"]), (StatusCode::OK, &Value::from("playing")));
        let (_, answer) = play(&app, &["G*5b"]).await;
        // the only reply, and the attacker still mates with the ply left
        assert_eq!(answer["reply"], "6a5b");
        assert_eq!(
            (&answer["state"], &answer["mate_within"]),
            (&"playing".into(), &1.into())
        );
        let (_, answer) = play(&app, &["G*5b", "6a5b", "5c5b+"]).await;
        assert_eq!(answer["state"], "mate", "{answer}");
        assert_eq!(answer["played"][2]["ki2"], "▲同　歩成");
    }

    #[tokio::test]
    async fn play_a_tsume_is_defended_by_the_direct_mate_solver() {
        let app = router(None);
        let body =
            |played: &[&str]| serde_json::json!({ "text": MATE_IN_3, "stip": "tsume", "played": played }).to_string();
        let (_, text) = send(&app, "POST", "/api/play", &body(&["G*5b"])).await;
        let answer = json(&text);
        assert_eq!(
            (&answer["reply"], &answer["mate_within"], &answer["plies"]),
            (&"6a5b".into(), &1.into(), &Value::Null),
            "{answer}"
        );
        let (_, text) = send(&app, "POST", "/api/play", &body(&["G*5b", "6a5b", "5c5b+"])).await;
        assert_eq!(json(&text)["state"], "mate", "{text}");
        // mate:N asks for an odd length
        let even = serde_json::json!({ "text": MATE_IN_3, "stip": "mate:4", "played": ["G*5b"] }).to_string();
        let (status, _) = send(&app, "POST", "/api/play", &even).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn play_the_defence_escapes_when_it_can() {
        let app = router(None);
        // 52銀打: 同金 is mated by 52歩成, the king's moves are not.
        let (_, answer) = play(&app, &["S*5b"]).await;
        assert!(
            ["5a4b", "5a6b"].contains(&answer["reply"].as_str().unwrap_or_default()),
            "{answer}"
        );
        assert_eq!(
            (&answer["state"], &answer["survived"]),
            (&"survived".into(), &"escape".into())
        );
        let (_, answer) = play(&app, &["S*5b", "6a5b", "5c5b+"]).await;
        assert_eq!(answer["state"], "mate", "{answer}");
        // the plies run out: a check on the last ply that does not mate
        let (_, answer) = play(&app, &["G*5b", "6a5b", "5c5b"]).await;
        assert_eq!(
            (&answer["state"], &answer["survived"]),
            (&"survived".into(), &"plies-used".into()),
            "{answer}"
        );
    }

    /// Seed 003's B sequence (a perpetual check by the attacker, tests/tests/repetition.rs):
    /// Black checks on rank 1 from a new square each time, White interposes and takes
    /// back; the position recurs every eight plies.
    const PERPETUAL: &str = "4k4/9/9/9/9/9/9/9/8K b Rr 1";
    const PERPETUAL_MOVES: [&str; 24] = [
        "R*8a", "R*6a", "8a6a+", "5a6a", "R*3a", "R*5a", "3a5a+", "6a5a", //
        "R*9a", "R*6a", "9a6a+", "5a6a", "R*4a", "R*5a", "4a5a+", "6a5a", //
        "R*7a", "R*6a", "7a6a+", "5a6a", "R*2a", "R*5a", "2a5a+", "6a5a",
    ];

    /// The game is kept as a `GameHistory`: its fourth occurrence of a position ends play
    /// (the attacker's perpetual check, no mate), no move may follow it, and under
    /// `repetition = strict` the move completing a perpetual check's fourfold
    /// repetition is not legal.
    #[tokio::test]
    async fn play_and_moves_follow_the_game_history() {
        let app = router(None);
        let played = |moves: &[&str], repetition: &str| {
            serde_json::json!({ "text": PERPETUAL, "stip": "tsume", "played": moves, "repetition": repetition })
                .to_string()
        };
        let (status, text) = send(&app, "POST", "/api/play", &played(&PERPETUAL_MOVES, "normal")).await;
        let answer = json(&text);
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(
            (&answer["state"], &answer["survived"], &answer["reply"]),
            (&"survived".into(), &"repetition".into(), &Value::Null)
        );
        let (_, text) = send(&app, "POST", "/api/moves", &played(&PERPETUAL_MOVES, "normal")).await;
        assert_eq!(json(&text)["legal"], Value::Array(Vec::new()), "{text}");
        let mut beyond = PERPETUAL_MOVES.to_vec();
        beyond.push("R*8a");
        let (status, text) = send(&app, "POST", "/api/moves", &played(&beyond, "normal")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        assert!(text.contains("repetition"), "{text}");
        // from the position after the first 8a6a+ (dragon on 61), that position recurs
        // every eight plies and its fourth occurrence would come by Black's 8a6a+: Black,
        // checking throughout, completes it, which `repetition = strict` forbids
        let after_capture = "3+Rk4/9/9/9/9/9/9/9/8K w R 1";
        let mut strict_line: Vec<&str> = PERPETUAL_MOVES[3..].to_vec();
        strict_line.extend(["R*8a", "R*6a"]);
        let moves = |line: &[&str], repetition: &str| {
            serde_json::json!({ "text": after_capture, "played": line, "repetition": repetition }).to_string()
        };
        for (rule, legal) in [("normal", true), ("strict", false)] {
            let (_, text) = send(&app, "POST", "/api/moves", &moves(&strict_line, rule)).await;
            let offered = json(&text)["legal"]
                .as_array()
                .is_some_and(|l| l.iter().any(|m| m["usi"] == "8a6a+"));
            assert_eq!(offered, legal, "{rule}: {text}");
            let mut line = strict_line.clone();
            line.push("8a6a+");
            let (status, text) = send(&app, "POST", "/api/moves", &moves(&line, rule)).await;
            assert_eq!(status == StatusCode::OK, legal, "{rule}: {text}");
        }
    }

    /// The moves given with the problem (an SFEN line's `moves`) are the start of the
    /// game: White K 11 in check from the gold on 21 (Q), round 12玉 31金 11玉 21金 and
    /// then to the gold on 31. With Q met three times, 21金 brings it a fourth time and
    /// play ends (repetition); with Q met twice, yosei answers 12玉 and play goes on.
    #[tokio::test]
    async fn play_counts_the_moves_given_with_the_problem() {
        let app = router(None);
        let cycle = "1a1b 2a3a 1b1a 3a2a";
        let q = "7Gk/9/8p/9/9/9/9/9/K6L1 w 2r2b3g4s4n3l17p 1";
        for (cycles, survived, reply) in [(2, "repetition", Value::Null), (1, "", "1a1b".into())] {
            let moves = vec![cycle; cycles].join(" ");
            let text = format!("position sfen {q} moves {moves} 1a1b 2a3a 1b1a");
            let body = serde_json::json!({ "text": text, "stip": "tsume", "played": ["3a2a"] }).to_string();
            let (status, text) = send(&app, "POST", "/api/play", &body).await;
            let answer = json(&text);
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["reply"], reply, "{cycles}: {answer}");
            if survived.is_empty() {
                assert_eq!(answer["state"], "playing", "{answer}");
            } else {
                assert_eq!(
                    (&answer["state"], &answer["survived"]),
                    (&"survived".into(), &survived.into())
                );
            }
        }
    }

    #[tokio::test]
    async fn the_problem_folder_is_listed_and_kept_closed() {
        let root = std::env::temp_dir().join(format!("yosei-serve-problems-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let folder = root.join("problems");
        std::fs::create_dir_all(folder.join("more")).expect("a temporary folder");
        std::fs::write(folder.join("03_0001.kif"), MATE_IN_3).expect("a file");
        std::fs::write(folder.join("more/05_x.txt"), MATE_IN_3).expect("a file");
        std::fs::write(folder.join("notes.md"), "not a problem").expect("a file");
        std::fs::write(root.join("outside.kif"), MATE_IN_3).expect("a file");
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("outside.kif"), folder.join("link.kif")).expect("a link");
        let dir = super::ProblemDir::open(&folder).expect("the folder opens");
        let app = router(Some(std::sync::Arc::new(dir)));
        let (status, text) = send(&app, "GET", "/api/problems", "").await;
        assert_eq!(status, StatusCode::OK, "{text}");
        let listed = json(&text);
        assert_eq!(
            listed["files"],
            serde_json::json!([
                { "path": "03_0001.kif", "stip": "mate:3" },
                { "path": "more/05_x.txt", "stip": "mate:5" },
            ])
        );
        let (status, text) = send(&app, "GET", "/api/problems/file?path=more/05_x.txt", "").await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert_eq!(
            (json(&text)["text"].as_str(), json(&text)["stip"].as_str()),
            (Some(MATE_IN_3), Some("mate:5"))
        );
        for path in [
            "../outside.kif",
            "/etc/passwd",
            "more/../../outside.kif",
            "link.kif",
            "",
            "nothing.kif",
        ] {
            let (status, text) = send(&app, "GET", &format!("/api/problems/file?path={path}"), "").await;
            assert!(
                status.is_client_error() && json(&text)["error"].is_string(),
                "{path}: {status} {text}"
            );
        }
        let (status, _) = send(&router(None), "GET", "/api/problems", "").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let _ = std::fs::remove_dir_all(&root);
    }
}
