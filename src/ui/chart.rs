//! A chart on a canvas. The engine computes the data and draws it over any plotters backend;
//! this component only owns the canvas: it sizes the backing store to the CSS size times the
//! device pixel ratio (sharp on phones), redraws when the data, width or theme change, maps
//! the pointer to the engine's layout for tooltips and picks, and offers the chart as a table,
//! a description, a PNG and a CSV.

use leptos::prelude::*;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

use super::browser;
use super::context::atlas;
use crate::engine::charts::{
    draw_bars, draw_scatter, draw_stacked, draw_steps, draw_timeline, readable_number, BarsData,
    BarsLayout, ChartStyle, ScatterData, ScatterLayout, StackedData, StackedLayout, StepsData,
    StepsLayout, TimelineData, TimelineLayout,
};
use crate::engine::present::export::csv_line;
use crate::engine::present::i18n::{pick, Lang};
use crate::engine::view::state::Theme;

/// What a chart draws: one of the engine's chart data.
#[derive(Debug, Clone, PartialEq)]
pub enum ChartData {
    Scatter(ScatterData),
    Bars(BarsData),
    Timeline(TimelineData),
    Stacked(StackedData),
    Steps(StepsData),
}

/// Where the drawing put things, for mapping the pointer back to data.
enum Layout {
    Scatter(ScatterLayout),
    Bars(BarsLayout),
    Timeline(TimelineLayout),
    Stacked(StackedLayout),
    Steps(StepsLayout),
}

impl ChartData {
    fn title(&self) -> &str {
        match self {
            ChartData::Scatter(d) => &d.title,
            ChartData::Bars(d) => &d.title,
            ChartData::Timeline(d) => &d.title,
            ChartData::Stacked(d) => &d.title,
            ChartData::Steps(d) => &d.title,
        }
    }

    /// The accessible description: the chart's gist in a sentence or two.
    fn describe(&self, lang: Lang) -> String {
        match self {
            ChartData::Scatter(d) => d.describe(pick(
                lang,
                "{title}: {shown} offers drawn, {skipped} left out for an unknown value. {frontier} offers form the frontier (nothing is both cheaper and better). Best value: {best} at {best_x} for {best_y}.",
                "{title}：绘制 {shown} 个报价，{skipped} 个因数值未知未绘出。{frontier} 个报价构成前沿（没有报价既更便宜又更好）。最划算：{best}，{best_x} 对应 {best_y}。",
            )),
            ChartData::Bars(d) => d.describe(pick(
                lang,
                "{title}: {known} with a known value. Lowest {lowest} ({lowest_value}); highest {highest} ({highest_value}).",
                "{title}：{known} 项有已知数值。最低 {lowest}（{lowest_value}）；最高 {highest}（{highest_value}）。",
            )),
            // Without a break-even point, the sentence says so instead of listing nothing.
            ChartData::Timeline(d) if d.marker_count() == 0 => d.describe(pick(
                lang,
                "{title}: {series} ways to pay over months {x_from}–{x_to}. Cheapest at the end: {cheapest} ({cheapest_value}); dearest: {dearest} ({dearest_value}). No break-even point within these months.",
                "{title}：{series} 种付费方式，第 {x_from}–{x_to} 个月。期末最便宜：{cheapest}（{cheapest_value}）；最贵：{dearest}（{dearest_value}）。这些月份内没有盈亏平衡点。",
            )),
            ChartData::Timeline(d) => d.describe(pick(
                lang,
                "{title}: {series} ways to pay over months {x_from}–{x_to}. Cheapest at the end: {cheapest} ({cheapest_value}); dearest: {dearest} ({dearest_value}). Break-even points: {marker_list}.",
                "{title}：{series} 种付费方式，第 {x_from}–{x_to} 个月。期末最便宜：{cheapest}（{cheapest_value}）；最贵：{dearest}（{dearest_value}）。盈亏平衡点：{marker_list}。",
            )),
            ChartData::Stacked(d) => d.describe(pick(
                lang,
                "{title}: {rows} offers over {criteria} criteria. Highest {top} ({top_total}); lowest {bottom} ({bottom_total}).",
                "{title}：{rows} 个报价，{criteria} 项标准。最高 {top}（{top_total}）；最低 {bottom}（{bottom_total}）。",
            )),
            ChartData::Steps(d) => d.describe(pick(
                lang,
                "{title}: {series} prices with recorded values, {changes} changes. {list}.",
                "{title}：{series} 个有记录的价格，{changes} 次变价。{list}。",
            )),
        }
    }

    fn table(&self) -> (Vec<String>, Vec<Vec<String>>) {
        match self {
            ChartData::Scatter(d) => d.table(),
            ChartData::Bars(d) => d.table(),
            ChartData::Timeline(d) => d.table(),
            ChartData::Stacked(d) => d.table(),
            ChartData::Steps(d) => d.table(),
        }
    }

    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
        style: &ChartStyle,
    ) -> Option<Layout> {
        match self {
            ChartData::Scatter(d) => draw_scatter(area, d, style).ok().map(Layout::Scatter),
            ChartData::Bars(d) => draw_bars(area, d, style).ok().map(Layout::Bars),
            ChartData::Timeline(d) => draw_timeline(area, d, style).ok().map(Layout::Timeline),
            ChartData::Stacked(d) => draw_stacked(area, d, style).ok().map(Layout::Stacked),
            ChartData::Steps(d) => draw_steps(area, d, style).ok().map(Layout::Steps),
        }
    }

    /// What the pointer at backend pixel (x, y) is over: a tooltip, and an offer id to pick.
    fn at(&self, layout: &Layout, x: i32, y: i32, scale: f64) -> Option<(String, Option<String>)> {
        match (self, layout) {
            (ChartData::Scatter(d), Layout::Scatter(l)) => {
                let i = l.hit(x, y, (8.0 * scale).round() as i32)?;
                let p = d.points.get(i)?;
                Some((
                    format!(
                        "{}\n{}: {}\n{}: {}",
                        p.label,
                        d.x_label,
                        readable_number(p.x),
                        d.y_label,
                        readable_number(p.y)
                    ),
                    Some(p.id.clone()),
                ))
            }
            (ChartData::Bars(d), Layout::Bars(l)) => {
                let bar = d.bars.get(l.hit(x, y)?)?;
                let value = bar
                    .value_text
                    .clone()
                    .or(bar.value.map(readable_number))
                    .unwrap_or_else(|| d.words.unknown.clone());
                Some((format!("{}\n{value}", bar.label), None))
            }
            (ChartData::Stacked(d), Layout::Stacked(l)) => {
                let (row, part) = l.hit(x, y)?;
                let row = d.rows.get(row)?;
                let text = match part.and_then(|p| Some((d.criteria.get(p)?, row.parts.get(p)?))) {
                    Some((name, points)) => format!("{}\n{name}: {points:.1}", row.label),
                    None => format!("{}\n{:.1}", row.label, row.parts.iter().sum::<f64>()),
                };
                Some((text, None))
            }
            (ChartData::Timeline(d), Layout::Timeline(l)) => {
                let month = l.x_at(x)?.round();
                let lines = d
                    .series
                    .iter()
                    .filter_map(|s| {
                        let (_, cost) = s.points.iter().find(|(m, _)| *m == month)?;
                        Some(format!("{}: {}", s.name, readable_number(*cost)))
                    })
                    .collect::<Vec<_>>();
                Some((format!("{} {month}\n{}", d.x_label, lines.join("\n")), None))
            }
            (ChartData::Steps(d), Layout::Steps(l)) => {
                let (series, step) = l.hit(x, y, (8.0 * scale).round() as i32)?;
                let s = d.series.get(series)?;
                let step = s.steps.get(step)?;
                Some((
                    format!(
                        "{}\n{} · {}\n{}",
                        s.name, step.date, step.value_text, step.source
                    ),
                    None,
                ))
            }
            _ => None,
        }
    }
}

/// Whether the page is dark now: the user's choice, or the system's when they left it.
fn dark(theme: Theme) -> bool {
    match theme {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::System => web_sys::window()
            .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
            .is_some_and(|m| m.matches()),
    }
}

#[component]
pub fn Chart(
    /// Element id of the figure; the canvas, table and buttons derive theirs from it.
    id: &'static str,
    #[prop(into)] data: Signal<ChartData>,
    /// Height in CSS pixels; the width follows the layout.
    height: f64,
    /// Called with an offer id when a point is clicked or tapped.
    #[prop(optional, into)]
    on_pick: Option<Callback<String>>,
) -> impl IntoView {
    let a = atlas();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let figure = NodeRef::<leptos::html::Figure>::new();
    let width = RwSignal::new(0.0_f64);
    let theme = Memo::new(move |_| a.state.with(|s| s.theme));
    let layout = StoredValue::new_local(None::<Layout>);
    let tooltip = RwSignal::new(None::<(String, f64, f64)>);
    let as_table = RwSignal::new(false);

    let measure = move || {
        if let Some(f) = figure.get_untracked() {
            width.set(f64::from(f.client_width()));
        }
    };
    // Measured once the figure is on the page (it is built off it at the start).
    Effect::new(move |_| {
        if a.on_page.get() && figure.get().is_some() {
            measure();
        }
    });
    // Charts come and go with their panel: the listener goes with them.
    let resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || resize.remove());

    // Redraw when the data, the width or the theme change, and only then.
    Effect::new(move |_| {
        let css_width = width.get();
        let dark = dark(theme.get());
        let Some(el) = canvas.get() else { return };
        if css_width <= 0.0 {
            return;
        }
        let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let style = ChartStyle::new(ratio, dark);
        let (w, h) = style.backing_size(css_width, height);
        el.set_width(w);
        el.set_height(h);
        let Some(backend) = CanvasBackend::with_canvas_object(el.clone()) else {
            return;
        };
        let area = backend.into_drawing_area();
        let clock = web_sys::window().and_then(|w| w.performance());
        let started = clock.as_ref().map(|c| c.now());
        let drawn = data.with(|d| d.draw(&area, &style));
        let _ = area.present();
        // How long the drawing took, for the benchmark harness to read (a redraw should fit
        // in one frame).
        if let (Some(c), Some(t0)) = (clock, started) {
            let _ = el.set_attribute("data-draw-ms", &format!("{:.2}", c.now() - t0));
        }
        // One drawn point's place, in CSS pixels, lets tests (and scripts) aim at a known
        // offer: the best value, else the first placed.
        if let Some(Layout::Scatter(l)) = &drawn {
            let probe = data.with_untracked(|d| match d {
                ChartData::Scatter(s) => {
                    let best = s.facts().best;
                    l.points
                        .iter()
                        .find(|p| Some(p.index) == best)
                        .or(l.points.first())
                        .and_then(|p| {
                            let id = &s.points.get(p.index)?.id;
                            let css = |v: i32| f64::from(v) / style.ratio();
                            Some(format!("{id} {} {}", css(p.px), css(p.py)))
                        })
                }
                _ => None,
            });
            let _ = el.set_attribute("data-probe", probe.as_deref().unwrap_or(""));
        }
        layout.set_value(drawn);
        tooltip.set(None);
    });

    let backend_point = move |ev: &web_sys::MouseEvent| {
        let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let style = ChartStyle::new(ratio, false);
        let (x, y) = style.to_backend(f64::from(ev.offset_x()), f64::from(ev.offset_y()));
        (
            x,
            y,
            style.ratio(),
            f64::from(ev.offset_x()),
            f64::from(ev.offset_y()),
        )
    };
    let on_move = move |ev: web_sys::MouseEvent| {
        let (x, y, scale, css_x, css_y) = backend_point(&ev);
        let found = layout.with_value(|l| {
            l.as_ref()
                .and_then(|l| data.with_untracked(|d| d.at(l, x, y, scale)))
        });
        tooltip.set(found.map(|(text, _)| (text, css_x, css_y)));
    };
    let on_click = move |ev: web_sys::MouseEvent| {
        let (x, y, scale, ..) = backend_point(&ev);
        let picked = layout.with_value(|l| {
            l.as_ref()
                .and_then(|l| data.with_untracked(|d| d.at(l, x, y, scale)))
                .and_then(|(_, id)| id)
        });
        if let (Some(id), Some(pick)) = (picked, on_pick) {
            pick.run(id);
        }
    };
    let download_png = move |_| {
        if let Some(el) = canvas.get_untracked() {
            if let Ok(url) = el.to_data_url() {
                browser::download_href(&format!("gpu-atlas-{id}.png"), &url);
            }
        }
    };
    let download_csv = move |_| {
        let (headers, rows) = data.with_untracked(ChartData::table);
        let mut text = csv_line(&headers);
        for row in rows {
            text.push_str(&csv_line(&row));
        }
        browser::download(&format!("gpu-atlas-{id}.csv"), "text/csv", &text);
    };

    let description_id = format!("{id}-description");
    let table_id = format!("{id}-table");
    let title = move || data.with(|d| d.title().to_string());
    let description = move || data.with(|d| d.describe(a.lang.get()));
    let table = move || {
        as_table.get().then(|| {
            let (headers, rows) = data.with(ChartData::table);
            view! {
                <div class="table-scroll" tabindex="0">
                    <table class="chart-table" id=table_id.clone()>
                        <caption>{title}</caption>
                        <thead>
                            <tr>{headers.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr>
                        </thead>
                        <tbody>
                            {rows
                                .into_iter()
                                .map(|r| view! { <tr>{r.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr> })
                                .collect_view()}
                        </tbody>
                    </table>
                </div>
            }
        })
    };
    view! {
        <figure class="chart" id=id node_ref=figure>
            <div class="chart-canvas">
                <canvas
                    node_ref=canvas
                    role="img"
                    aria-label=title
                    aria-describedby=description_id.clone()
                    style:height=format!("{height}px")
                    on:mousemove=on_move
                    on:mouseleave=move |_| tooltip.set(None)
                    on:click=on_click
                ></canvas>
                {move || tooltip.get().map(|(text, x, y)| view! {
                    <div class="chart-tooltip" role="status" style:left=format!("{}px", x + 12.0) style:top=format!("{}px", y + 12.0)>
                        {text.lines().map(|l| view! { <div>{l.to_string()}</div> }).collect_view()}
                    </div>
                })}
            </div>
            <figcaption id=description_id>{description}</figcaption>
            <div class="chart-actions">
                <button
                    type="button"
                    class="chart-as-table"
                    aria-expanded=move || as_table.get().to_string()
                    on:click=move |_| as_table.update(|t| *t = !*t)
                >
                    {move || if as_table.get() { pick(a.lang.get(), "Hide the table", "隐藏表格") } else { pick(a.lang.get(), "Show as table", "以表格显示") }}
                </button>
                <button type="button" class="chart-png" on:click=download_png>
                    {move || pick(a.lang.get(), "Download PNG", "下载 PNG")}
                </button>
                <button type="button" class="chart-csv" on:click=download_csv>
                    {move || pick(a.lang.get(), "Download data (CSV)", "下载数据（CSV）")}
                </button>
            </div>
            {table}
        </figure>
    }
}
