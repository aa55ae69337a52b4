//! The MCP server on the wire, fed what a broken or hostile client sends: a line that is not
//! JSON, a request for a method it does not have, a tool call with arguments of the wrong
//! shape, one with a value the command refuses, and a huge line. Each gets an answer or is
//! passed over; none ends the session, and a good call after them is answered with sourced
//! prices. (The protocol as a well-behaved client speaks it: tests/e2e/mcp.spec.mjs, with the
//! official TypeScript SDK.)

use std::time::Duration;

use engine::bundled;
use engine::catalog::AsOf;
use gpu_atlas_cli::mcp::serve_on;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[tokio::test]
async fn garbage_and_malformed_calls_never_end_the_session() {
    let (client, server) = tokio::io::duplex(1 << 20);
    let (server_in, server_out) = tokio::io::split(server);
    let catalog = bundled::catalog().unwrap();
    let session = tokio::spawn(serve_on(
        catalog,
        AsOf::day(2026, 12, 6),
        server_in,
        server_out,
    ));
    let (client_in, mut client_out) = tokio::io::split(client);
    let mut lines = BufReader::new(client_in).lines();

    // Every message, written in order: the hostile ones as raw bytes.
    let mut wire: Vec<u8> = Vec::new();
    let mut send = |message: Value| wire.extend(format!("{message}\n").into_bytes());
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "wire-test", "version": "1"}}}),
    );
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    // Not JSON at all, then not a request, then a method the server does not have.
    send(json!("garbage{"));
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "no/such/method"}));
    send(json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "cheapest", "arguments": {"gpu": [1, 2]}}}));
    send(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "price_history", "arguments": {"offer": "aws/p5.48xlarge", "at": "2026-13-45"}}}));
    send(json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "search_offers", "arguments": {"search": "x".repeat(100_000)}}}));
    send(json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
        "params": {"name": "cheapest", "arguments": {"gpu": "h100-sxm5-80gb", "region": "eu"}}}));
    // Bytes that are not text at all, between the calls.
    let half = wire.len() / 2;
    let at = wire[..half]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |p| p + 1);
    wire.splice(at..at, b"\x00\xff not a line of text\n".iter().copied());
    client_out.write_all(&wire).await.unwrap();
    let mut answers = std::collections::BTreeMap::new();
    while answers.len() < 6 {
        let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
            .await
            .expect("the server answers")
            .unwrap()
            .expect("the session is still open");
        let message: Value = serde_json::from_str(&line).unwrap();
        if let Some(id) = message["id"].as_u64() {
            answers.insert(id, message);
        }
    }
    assert_eq!(answers[&1]["result"]["serverInfo"]["name"], "gpu-atlas");
    // An unknown method: a protocol error.
    assert!(
        answers[&2]["error"]["code"].as_i64().is_some(),
        "{}",
        answers[&2]
    );
    // Arguments of the wrong shape and a refused value: errors the agent can read.
    for id in [3, 4] {
        let a = &answers[&id];
        assert!(
            a["error"].is_object() || a["result"]["isError"] == true,
            "{a}"
        );
    }
    assert!(answers[&4].to_string().contains("--at"), "{}", answers[&4]);
    // A search nothing matches (a 100,000-character search) says so rather than failing.
    assert!(answers[&5]["result"].is_object() || answers[&5]["error"].is_object());
    // And the good call after all that is answered, every price dated and sourced.
    let offers = answers[&6]["result"]["structuredContent"]["offers"]
        .as_array()
        .unwrap()
        .clone();
    assert!(!offers.is_empty());
    for o in &offers {
        assert_eq!(o["area"], "eu");
        assert!(
            o["as_of"].as_str().is_some()
                && o["source"]["url"].as_str().unwrap().starts_with("http")
        );
    }
    drop(lines);
    session.abort();
}
