//! The page's files, compiled into the binary so that `yosei serve` needs nothing else.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    // The files change with the binary; a page kept from an older one would talk to
    // an API it was not written for.
    ([(CONTENT_TYPE, content_type), (CACHE_CONTROL, "no-cache")], body)
}

pub async fn index() -> impl IntoResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

pub async fn script() -> impl IntoResponse {
    asset("text/javascript; charset=utf-8", APP_JS)
}

pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", STYLE_CSS)
}
