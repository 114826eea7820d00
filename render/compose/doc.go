// Package compose holds the composite requests: those that run an engine
// (or several) and then lay out what a painter draws or a report prints.
// It stands above package charts and the engines under solve/, and below
// the faces (cmd/bjchart and render/web), which bind these requests'
// fields to flags and queries and print or draw what their jobs return.
//
// Every request has the shape of the engines' own: Check() (Job, error),
// then Job.Run(ctx, progress) (Report, error). The requests here:
//
//  1. CardRequest: a printable strategy card ('bjchart card', the page's
//     /card.pdf): solve the game, compare a published chart, run a
//     count's indices, lay the card out (Card, for render.Painter.Card).
//  2. PlotRequest: a game's tables as heatmaps ('bjchart plot', the
//     page's /plot.png): a metric, the difference from other rules, the
//     cost of a published chart or a count's index plays (render.Heatmap).
//  3. HouseCardRequest and HousePlotRequest: the house game's card and
//     heatmap ('bjchart house --card/--plot', /house/card.pdf and
//     /house/plot.png).
//  4. HoldemChartRequest: the Hold'em preflop chart ('bjchart holdem', the
//     page's /holdem): every class's equity against a random hand and its
//     push-or-fold number (render.HoldemReport).
//  5. HoldemHandRequest: one Hold'em hand against a random hand or
//     another ('bjchart holdem HAND [v HAND]'), counted exactly or dealt.
//  6. SimRequest: a simulation as 'bjchart sim' and the page's /sim run
//     it: the strategy (solved, a published chart, a search), index plays
//     from a count or a file, the seats, the report beside the exact EV
//     (simreport.Report).
//  7. EMCTSCheckRequest: Itoh 2023's tree search against the exact best
//     play ('bjchart emcts-check').
//
// The other requests a face binds live with their engine: solve (Request,
// HandRequest, DealerRequest, EffectsRequest, GridRequest), solve/count
// (ChartRequest, IndicesRequest, IndicesMergeRequest, ShoeRequest, CorrelationRequest),
// solve/sim (Request), solve/simreport (MergeRequest), solve/risk
// (Request, PlayRequest, MergeRequest), solve/drill (Request,
// CountRequest, IndexRequest, TableRequest), solve/house (Request),
// solve/holdem (EquityRequest, NashRequest), solve/side (Request,
// SimRequest, TriggerRequest), charts (CompareRequest), and the static
// site's render/web/site (SiteRequest).
//
// Package render formats what these jobs return (text, JSON, CSV and the
// laid-out values a painter draws); it runs no job itself.
package compose
