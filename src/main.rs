//! The app's entry point in the browser; on the host, the `gpu-atlas` command line (src/cli).

#[cfg(target_arch = "wasm32")]
fn main() {
    gpu_atlas::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}
