//! `yosei serve`: the local web page (docs/web.md). An axum server on loopback by
//! default; the page's files are compiled into the binary (`assets`), the JSON API
//! reads problems with yosei-io's readers (`api`) and runs solves on threads of their
//! own, streaming progress by Server-Sent Events (`jobs`).

mod api;
mod assets;
mod jobs;

use axum::routing::{get, post};
use axum::Router;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port; the address is printed)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on; the default is reachable from this machine only
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
}

pub fn run(args: ServeArgs) -> Result<(), String> {
    // Two workers are enough for a page on one machine; the solves run on threads of
    // their own, never on these.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(serve(SocketAddr::new(args.bind, args.port)))
}

async fn serve(address: SocketAddr) -> Result<(), String> {
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
    axum::serve(listener, router())
        .await
        .map_err(|e| format!("server stopped: {e}"))
}

/// Every route of the page and its API.
fn router() -> Router {
    let jobs = Arc::new(jobs::Jobs::default());
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/pieces", get(api::pieces))
        .route("/api/parse", post(api::parse))
        .route("/api/convert", post(api::convert))
        .route("/api/moves", post(api::moves))
        .route("/api/solve", post(jobs::start))
        .route("/api/solve/{id}/events", get(jobs::events))
        .route("/api/solve/{id}/stop", post(jobs::stop))
        .fallback(api::not_found)
        .with_state(jobs)
}
