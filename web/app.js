// The phone page of a class game: join, then show what the server sends for this seat.
// Plain JavaScript, no library.  Messages are described in docs/class-protocol.md and built and
// parsed by the server in classroom/protocol.py; a test checks that this page reads no field
// the protocol does not document.
// Every text is looked up by its English source in strings.json, the words of the class's
// language (classroom/phone_words.py), fetched before connecting.
"use strict";

const $ = (id) => document.getElementById(id);
const PROTOCOL_VERSION = 3;  // classroom/protocol.py's PROTOCOL_VERSION: the messages this page reads
const TOKEN_KEY = "sixtakes-seat-" + location.host;
const RELOADED_KEY = "sixtakes-reloaded-" + location.host;
let socket = null;
let token = localStorage.getItem(TOKEN_KEY);
let me = null;          // {seat, name} once joined
let presets = {};       // each preset's penalties: {penalties: [by card], levels: [lowest first]}
let state = null;       // the last "state" or "lobby" message
let ended = false;      // the class game is over: do not reconnect
let retry = 500;
let notice = "";        // why this phone lost its seat: still shown after the reconnection that follows
// The socket opens when the student taps Join (or comes back with a secret), never while they type:
// the tap is kept until it is answered and sent again on a new socket if one closes (no retyping).
let pendingJoin = null; // the join tapped and not answered yet
const OPEN_WAIT_MS = 5000;  // a socket still opening after this is closed and opened again
let link = "connecting"; // the connection: connecting, open, lost, stopped (1012: it comes back), ended (1001)
let words = {lang: "en", texts: {}, plurals: {}};
let guessed = {};       // the guesses this phone sent: "round-turn-card" -> row 0-3, or 4 (takes a row)
const MAIL = ["verdict", "review"];  // classroom/protocol.py's MAIL: kept by the server for each phone
let mail = 0;           // MAIL messages received since this phone joined: sent with a resume, the rest come again
let offline = null;     // a card tapped while the connection was down, {card, round, turn}: sent when it is back

function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (fields && name in fields ? String(fields[name]) : whole));
}

// ``key`` (an English text) in the class's language, its {fields} filled.
function t(key, fields) {
  return fill(words.texts[key] || key, fields);
}

// The form of a counted text that goes with ``count``; ``key`` is its English singular.
function tn(key, plural, count, fields) {
  const table = words.plurals[key];
  let text = count === 1 ? key : plural;
  if (table) text = table.forms[table.of[count < table.of.length ? count : 100 + count % 100]];
  return fill(text, fields);
}

// The page's own texts (marked data-text / data-placeholder in index.html) and its language.
function translatePage() {
  document.documentElement.lang = words.lang;
  document.title = t(document.title);
  for (const node of document.querySelectorAll("[data-text]")) node.textContent = t(node.dataset.text);
  for (const node of document.querySelectorAll("[data-placeholder]")) node.placeholder = t(node.dataset.placeholder);
}

// Each preset's penalties come from the server (rules.json, built from game/rules.py).
function penalty(rules, card) {
  const table = presets[rules];
  return table ? table.penalties[card] : 0;
}

function band(rules, card) {
  const table = presets[rules];
  return "b" + (table ? table.levels.indexOf(penalty(rules, card)) : 0);
}

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function setStatus(text, act) {
  $("status").textContent = text;
  $("status").classList.toggle("act", !!act);
}

function show(section) {
  for (const id of ["join-form", "lobby", "game", "warmup"]) $(id).hidden = id !== section;
  $("to-scores").hidden = section !== "game";
}

// Whether ``message`` went out: a control acts only if it did (nothing pretends while disconnected).
function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const opening = new WebSocket(scheme + location.host + "/ws");
  socket = opening;
  const watchdog = setTimeout(() => { if (opening.readyState === WebSocket.CONNECTING) opening.close(); }, OPEN_WAIT_MS);
  socket.onopen = () => {
    clearTimeout(watchdog);
    retry = 500;
    $("error").textContent = "";
    if (token) send(Object.assign({type: "resume", token: token, mail: mail}, studentField()));
    else if (pendingJoin) send(pendingJoin);
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    clearTimeout(watchdog);
    closed(event);
  };
}

// The connection closed.  1001: the game has ended, for good - the page tries no more.  1012: the
// teacher's computer stopped the game, which comes back (``class --resume``): the page says so
// until it does, however many tries fail meanwhile.  Anything else: lost, tried again - unless
// there is nothing to come back to (no seat, no join tapped: the next tap on Join opens a socket).
function closed(event) {
  socket = null;
  if (event.code === 1001 || ended) {
    ended = true;
    setConnection("ended");
    return;
  }
  if (!token && !pendingJoin) return;
  setConnection(event.code === 1012 || link === "stopped" ? "stopped" : "lost");
  setTimeout(connect, retry);
  retry = Math.min(retry * 2, 5000);
}

// What the page says of its connection, and its game's controls off while it is not open: a tap
// then would send nothing - but the hand, while the connection is lost: a card tapped then is kept
// and sent when it is back.  (``data-connection`` on the body says which, for the tests too.)
function setConnection(now) {
  link = now;
  document.body.dataset.connection = now;
  if (now === "open") return;
  for (const control of $("game").querySelectorAll("button")) {
    if (now !== "lost" || !$("hand").contains(control)) control.disabled = true;
  }
  if (now === "ended") {
    if (!state || state.phase !== "over") setStatus(t("The class game has ended."));
    if (!$("review").hidden && $("review").dataset.ready !== "true") {
      $("review-status").textContent = t("The room closed before your review was ready.");
    }
  } else if (now === "stopped") {
    setStatus(t("The teacher's computer stopped the game: it goes on when it comes back..."));
  } else if (offline) {
    sayTappedOffline(offline.card);
  } else if (!notice && !pendingJoin) {
    setStatus(t("Connection lost: reconnecting..."));
  }
}

function showJoin(error) {
  me = null;
  pendingJoin = null;
  $("join").disabled = false;
  show("join-form");
  setStatus(t("Type the room code and your name"));
  $("join-error").textContent = error;
  const code = new URLSearchParams(location.search).get("code");
  if (code && !$("code").value) $("code").value = code;
}

// One function for each message type the server sends (docs/class-protocol.md, "To a phone").
const HANDLERS = {
  welcome: onWelcome, error: onError, released: onReleased, lobby: onLobby, state: onStateOrPuzzle,
  verdict: showVerdict, review: showReview, puzzle_verdict: showPuzzleVerdict,
};

function receive(message) {
  if (link !== "open") setConnection("open");
  if (MAIL.includes(message.type)) mail += 1;
  const handler = HANDLERS[message.type];
  if (handler) handler(message);
}

function onWelcome(welcome) {
  // A server of another protocol version (the app was updated while this page stayed open) serves
  // the page that speaks it: load it, once.
  if (welcome.version !== PROTOCOL_VERSION && sessionStorage.getItem(RELOADED_KEY) !== String(welcome.version)) {
    sessionStorage.setItem(RELOADED_KEY, String(welcome.version));
    location.reload();
    return;
  }
  if (pendingJoin) mail = 0;  // a new place: nothing kept for it yet
  token = welcome.token;
  pendingJoin = null;
  localStorage.setItem(TOKEN_KEY, token);
  keepStudentKey(welcome.student);
  me = {seat: welcome.seat, name: welcome.name};
  me.tables = !!welcome.tables;
  $("me").textContent = welcome.seat === null
    ? t("You are watching as {name} (room {code})", {name: welcome.name, code: welcome.code})
    : me.tables ? t("You are {name} (room {code})", {name: welcome.name, code: welcome.code})
    : t("You are {name}, seat {seat} (room {code})", {name: welcome.name, seat: welcome.seat + 1, code: welcome.code});
  setStatus(t(welcome.seat === null ? "You are watching" : "You have a seat: wait for the start"));
}

function onError(error) {
  if (me) {
    $("error").textContent = error.message;
  } else if (error.reason === "unknown-seat") {
    token = null;
    localStorage.removeItem(TOKEN_KEY);
    showJoin("");
  } else {
    showJoin(error.message);
  }
}

function onReleased(released) {
  token = null;
  localStorage.removeItem(TOKEN_KEY);
  $("me").textContent = "";
  state = null;
  notice = released.message;
  showJoin(notice);
}

function onLobby(lobby) {
  if (!me) return;  // released, or not joined: the join form stays
  state = lobby;
  drawLobby(lobby);
}

function onState(s) {
  const before = state;
  state = s;
  $("error").textContent = "";
  if (offline) sendTappedOffline(s);
  if (before && before.phase === "over" && s.phase !== "over") foldLastGame();  // (a lobby has no phase)
  drawGame(s);
}

function sayTappedOffline(number) {
  setStatus(t("No connection: your {card} is sent when it is back", {card: number}));
}

// A card tapped while the connection was down, and the table is back: sent if the same turn still
// asks for it, else the student is told plainly that it was not sent.
function sendTappedOffline(s) {
  const tapped = offline;
  const sameTurn = s.round === tapped.round && s.turn === tapped.turn && s.phase !== "over";
  if (sameTurn && s.chosen === tapped.card) {
    offline = null;
  } else if (sameTurn && s.ask === "card" && s.chosen === null) {
    if (s.hand.includes(tapped.card) && send({type: "play", card: tapped.card})) offline = null;
  } else if (!sameTurn || s.chosen !== null) {
    offline = null;
    $("error").textContent = t("Your {card} was not sent: the connection was down", {card: tapped.card});
  }
}

// The next deal has started: the last game's verdict and review fold under one link after the
// scores, so that the new hand and the question come first.
function foldLastGame() {
  const line = $("verdict");
  const folded = $("last-verdict");
  folded.className = line.className;
  folded.replaceChildren(...line.childNodes);
  folded.hidden = line.hidden;
  line.hidden = true;
  const section = $("review");
  $("last-game").append(section);
  $("last-game").open = false;
  $("last-game").hidden = folded.hidden && section.hidden;
}

// The last verdict: under the status while the phone watches the table, after the hand while it is
// asked for a card or a row (the hand and the rows come first then).
function placeVerdict(asked) {
  if (asked) $("caption").after($("verdict"));
  else $("predict").after($("verdict"));
}

// The scores: after the caption while the game goes on (the Scores link reaches them), and first,
// where the eye is, once it is over.
function placeScores(over) {
  const list = $("score-list");
  if (over) $("rank").after(list);
  else $("caption").after(list);
  $("to-scores").hidden = over;
}

function drawLobby(lobby) {
  show("lobby");
  const list = $("lobby-players");
  list.replaceChildren();
  lobby.players.forEach((player, index) => {
    const item = el("li", {"data-testid": "lobby-seat-" + index});
    item.textContent = player.name || t("(free: an AI plays it)");
    if (player.name && !player.connected) item.append(" ", el("span", {class: "off"}, t("not connected")));
    list.append(item);
  });
  if (lobby.seat === null) setStatus(t("You are watching: the game starts soon"));
  else if (lobby.tables) setStatus(t("You are in! The teacher splits the class into tables at the start"));
  else setStatus(t("You are in! Wait for the teacher to start"));
}

function card(rules, number, tag, attrs) {
  const node = el(tag, Object.assign({class: "card " + band(rules, number)}, attrs || {}), String(number));
  node.append(el("small", {}, String(penalty(rules, number))));
  return node;
}

function names(list) {
  if (list.length <= 1) return list.join("");
  return t("{names} and {last}", {names: list.slice(0, -1).join(", "), last: list[list.length - 1]});
}

function drawGame(s) {
  show("game");
  placeScores(s.phase === "over");
  placeVerdict(s.ask === "card" || s.ask === "row");
  const mine = s.seat !== null;
  const turn = {round: s.round, turn: Math.min(s.turn, s.turns), turns: s.turns};
  const when = s.round > 1 ? t("Round {round}, turn {turn} of {turns}", turn) : t("turn {turn} of {turns}", turn);
  $("turn").textContent = s.table ? t("Table {table}", {table: s.table}) + " - " + when : when;
  // A room of many tables, every table done: this student's rank in the class.
  const rank = s.class || null;
  $("rank").hidden = !rank;
  $("rank").textContent = rank ? [t("Your rank in the class: {rank} of {count}", {rank: rank.rank, count: rank.of}),
    rank.seat_rank ? t("Rank among those who held the same cards: {rank}", {rank: rank.seat_rank}) : ""]
    .filter(Boolean).join(". ") : "";
  // What is asked of this phone, and what the game waits for.
  const ask = $("ask");
  ask.hidden = true;
  if (s.phase === "over") {
    const winners = s.winners;
    const won = mine && s.winner_seats.includes(s.seat);
    setStatus(won ? t("Game over: you won!")
      : tn("Game over: {names} wins", "Game over: {names} win", winners.length, {names: names(winners)}), won);
  } else if (s.ask === "card") {
    setStatus(t("Your turn: tap a card to play"), true);
  } else if (s.ask === "row") {
    setStatus(t("Your {card} is lower than every row: take a row", {card: s.card_to_place}), true);
    ask.hidden = false;
    ask.textContent = t("Tap the row you take: its cards are your penalty points.");
  } else if (s.waiting_teacher) {
    setStatus(t("Waiting for the teacher to go on"));
  } else if (s.waiting_row) {
    setStatus(t("Waiting for {name} to take a row", {name: s.waiting[0]}));
  } else if (s.waiting.length) {
    const waiting = {card: s.chosen, names: s.waiting.join(", ")};
    setStatus(mine && s.chosen !== null ? t("You played {card}. Waiting for: {names}", waiting)
      : t("Waiting for: {names}", waiting));
  } else {
    setStatus(t("The cards are placed on the table"));
  }
  drawPredict(s);
  // Rows (buttons when this phone must take one).
  const rows = $("rows");
  rows.replaceChildren();
  s.rows.forEach((row, index) => {
    const choosing = s.ask === "row";
    const line = el(choosing ? "button" : "div", {class: "row", "data-testid": "row-" + index,
      "aria-label": t("Row {row}", {row: index + 1})});
    line.append(el("span", {class: "n"}, String(index + 1)));
    for (let slot = 0; slot < 5; slot++) {
      line.append(slot < row.length ? card(s.rules, row[slot], "span") : el("span", {class: "card slot"}));
    }
    const points = s.row_penalties[index];
    line.append(el("span", {class: "pts"}, tn("{score} pt", "{score} pts", points, {score: points})));
    if (choosing) line.addEventListener("click", () => { send({type: "row", row: index}); });
    rows.append(line);
  });
  // The turn's cards, once revealed.
  $("played").textContent = s.revealed.length
    ? t("Played: {cards}", {cards: s.revealed.map((number, index) => s.players[index].name + " " + number).join(", ")})
    : "";
  // The hand.
  const holding = mine && s.phase !== "over";
  $("hand-title").hidden = !holding;
  const hand = $("hand");
  hand.replaceChildren();
  if (holding) {
    for (const number of s.hand) {
      const button = card(s.rules, number, "button", {"data-testid": "hand-card-" + number, type: "button"});
      if (s.ask !== "card") button.disabled = true;
      if (s.chosen === number) button.classList.add("chosen");
      button.addEventListener("click", () => {
        // A stopped or ended game takes no card (nothing pretends); a lost connection keeps it for later.
        if (s.ask !== "card" || link === "stopped" || link === "ended") return;
        const sent = send({type: "play", card: number});
        if (!sent) offline = {card: number, round: s.round, turn: s.turn};
        for (const other of hand.children) other.disabled = true;
        button.classList.add("chosen");
        if (sent) setStatus(t("You played {card}: waiting for the others", {card: number}));
        else sayTappedOffline(number);
      });
      hand.append(button);
    }
  }
  $("caption").textContent = [s.caption, ...s.notes.slice(-1)].filter(Boolean).join(" - ");
  // Scores, lowest first once the game is over.
  const scores = $("scores");
  scores.replaceChildren();
  $("scores-title").textContent = t(s.phase === "over" ? "Final scores" : "Scores");
  const order = s.players.map((p, i) => i);
  if (s.phase === "over") order.sort((a, b) => s.players[a].score - s.players[b].score || a - b);
  for (const index of order) {
    const player = s.players[index];
    const item = el("li", {"data-testid": "score-" + index});
    item.classList.toggle("me", index === s.seat);
    item.classList.toggle("win", s.winner_seats.includes(index));
    item.append(el("span", {}, player.phone ? player.name : t("{name} (AI)", {name: player.name})),
      el("span", {}, tn("{score} pt", "{score} pts", player.score, {score: player.score})));
    scores.append(item);
  }
}

function questionKey(asked) {
  return asked.round + "-" + asked.turn + "-" + asked.card;
}

// The class predicts: the question and its five answers, until this phone has answered.
function drawPredict(s) {
  const asked = s.predict || null;
  const open = !!asked && s.phase !== "over" && (s.ask === "predict" || s.predicted !== undefined);
  $("predict").hidden = !open;
  if (!open) return;
  const mine = s.predicted !== undefined ? s.predicted : guessed[questionKey(asked)];
  $("predict-question").textContent = t("Where will {name}'s {card} go?", {name: asked.name, card: asked.card});
  const rows = [...document.querySelectorAll(".guess")].filter((button) => Number(button.dataset.guess) < 4);
  for (const button of document.querySelectorAll(".guess")) {
    const guess = Number(button.dataset.guess);
    if (guess < 4) button.textContent = t("Row {row}", {row: guess + 1});
    button.disabled = mine !== undefined || link !== "open";
    button.setAttribute("aria-pressed", String(mine === guess));
  }
  // A word too wide for a quarter of the phone ("Rangée 1" on a narrow one): the rows' buttons in
  // two columns, each word whole on one line.
  const guesses = $("predict").querySelector(".guesses");
  guesses.classList.remove("pairs");
  guesses.classList.toggle("pairs", rows.some((button) => button.scrollWidth > button.clientWidth));
  if (mine === undefined) setStatus(t("Predict: where does this card go?"), true);
  else setStatus(mine === 4 ? t("You said it takes a row: wait for the reveal")
    : t("You said row {row}: wait for the reveal", {row: mine + 1}));
}

function guess(value) {
  const asked = state && state.predict;
  if (!asked || guessed[questionKey(asked)] !== undefined) return;
  // The guess names the placement it answers: one that arrives after the card was shown is refused,
  // never counted for the next placement.
  if (!send(value === 4 ? {type: "predict", round: asked.round, turn: asked.turn, card: asked.card, takes: true}
    : {type: "predict", round: asked.round, turn: asked.turn, card: asked.card, row: value})) return;
  guessed[questionKey(asked)] = value;
  drawPredict(state);
}

for (const button of document.querySelectorAll(".guess")) {
  button.addEventListener("click", () => guess(Number(button.dataset.guess)));
}

// Right or not (a word and a mark, not a colour alone), with the rule that placed the card.
function showVerdict(verdict) {
  const line = $("verdict");
  line.hidden = false;
  line.className = "verdict " + (verdict.right ? "right" : "wrong");
  line.replaceChildren((verdict.right ? "\u2714 " : "\u2718 ") + verdict.text, el("small", {}, verdict.reason));
}

// This student's review: progress until it is ready, then their costliest choices first.
function showReview(review) {
  if (!state || state.phase !== "playing") {
    $("verdict").after($("review"));  // this game's review, in view: no last game's link any more
    $("last-game").hidden = $("last-verdict").hidden = true;
  } else {
    $("last-game").hidden = false;  // the last game's, still coming in: under its link
  }
  $("review").hidden = false;
  $("review").dataset.ready = String(!!review.ready);
  const list = $("review-list");
  list.replaceChildren();
  if (!review.ready) {
    $("review-status").textContent = t("Your review is being prepared: {done} of {count} choices looked at",
      {done: review.done, count: review.of});
    return;
  }
  $("review-status").textContent = review.costliest.length
    ? t("Your choices cost {points} points each on average against the best one. The costliest:",
      {points: review.mean_loss.toFixed(1)})
    : t("Every choice you made was the best one, or nearly.");
  for (const decision of review.costliest) {
    const item = el("li", {"data-testid": "review-" + decision.round + "-" + decision.turn + "-" + decision.kind});
    item.append(el("span", {class: "when"}, t("turn {turn} of {turns}", {turn: decision.turn, turns: state ? state.turns : 7})
      + ": "), decision.summary);
    const mini = el("div", {class: "mini", role: "group", "aria-label": t("The rows as they stood")});
    for (const row of decision.rows) {
      const line = el("div");
      for (const number of row) line.append(card(state ? state.rules : "snap", number, "span"));
      mini.append(line);
    }
    item.append(mini);
    list.append(item);
  }
}

$("join-form").addEventListener("submit", (event) => {
  event.preventDefault();
  if (pendingJoin) return;  // one join at a time: it is answered (a seat or why not) before the next
  $("join-error").textContent = "";
  notice = "";
  pendingJoin = Object.assign({type: "join", code: $("code").value.trim().toUpperCase(), name: $("name").value.trim()},
    studentField());
  $("join").disabled = true;
  setStatus(t("Joining..."));
  if (socket && socket.readyState === WebSocket.OPEN) send(pendingJoin);
  else if (!socket) connect();  // (a socket opening sends it once open)
});

// The words first (the page stays in English if they cannot be fetched), then the game.
function fetchJson(name) {
  return fetch(name, {cache: "no-store"})
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

Promise.all([fetchJson("strings.json"), fetchJson("rules.json"), fetchJson("class.json")]).then(([fetched, rules, room]) => {
  if (fetched && fetched.texts) words = fetched;
  if (rules) presets = rules;
  if (room && typeof room.class === "string") classTag = room.class;
  translatePage();
  if (token) connect();  // back to this phone's seat
  else showJoin(notice);
});

// ---------------------------------------------------------------- the student's key in the class
// A room opened for a class (class --class) has a tag for it (class.json: never the class's name).
// This browser keeps a random key for each class's tag; sent with the join and the resume, it makes
// this phone the same student in every lesson of the class, whatever name is typed.
let classTag = "";      // the room's class (its tag), "" without a class

function studentStorageKey() {
  return "sixtakes-student-" + classTag;
}

// {student: key} for a join or a resume, when the room has a class and this phone has a key for it.
function studentField() {
  const key = classTag ? localStorage.getItem(studentStorageKey()) : null;
  return key ? {student: key} : {};
}

function keepStudentKey(key) {
  if (classTag && key) localStorage.setItem(studentStorageKey(), key);
}

// ---------------------------------------------------------------- the warm-up's puzzles
// Before the game the teacher may ask the class a few puzzles: a state whose phase is "puzzle",
// drawn here (every other state as before); each answer's verdict comes once the teacher shows the
// class's answers.
let puzzled = {};       // the answers this phone sent: puzzle id -> a card, or a row 0-3
let judgedPuzzles = {}; // the verdicts this phone got: puzzle id -> the verdict

function onStateOrPuzzle(s) {
  if (s.phase === "puzzle") onPuzzle(s);
  else onState(s);
}

function onPuzzle(s) {
  const puzzle = s.puzzle;
  const fresh = !state || !state.puzzle || state.puzzle.id !== puzzle.id;
  state = s;
  $("error").textContent = "";
  show("warmup");
  if (fresh) $("puzzle-verdict").hidden = true;
  $("warmup-title").textContent = t("Warm-up: puzzle {number} of {count}", {number: puzzle.number, count: puzzle.of});
  $("puzzle-question").textContent = puzzle.text;
  const mine = puzzle.answered !== undefined ? puzzle.answered : puzzled[puzzle.id];
  drawPuzzleRows(s, mine);
  drawPuzzleHand(s, mine);
  const judged = judgedPuzzles[puzzle.id];
  if (judged) {
    setStatus(verdictLine(judged));
  } else if (mine !== undefined) {
    setStatus(puzzle.kind === "row" ? t("You chose row {row}: wait for the teacher to show the answers", {row: mine + 1})
      : t("You chose {card}: wait for the teacher to show the answers", {card: mine}));
  } else if (s.ask === "puzzle") {
    setStatus(puzzle.kind === "row" ? t("Puzzle: tap the row you take") : t("Puzzle: tap the card you would play"), true);
  } else {
    setStatus(t("The class's answers are on the projector"));
  }
}

// The rows: buttons when the puzzle asks for a row (and this phone has not answered).
function drawPuzzleRows(s, mine) {
  const puzzle = s.puzzle;
  const rows = $("puzzle-rows");
  rows.replaceChildren();
  const choosing = puzzle.kind === "row" && s.ask === "puzzle" && mine === undefined;
  puzzle.rows.forEach((row, index) => {
    const line = el(choosing ? "button" : "div", {class: "row", "data-testid": "puzzle-row-" + index,
      "aria-label": t("Row {row}", {row: index + 1})});
    if (choosing) line.type = "button";
    if (puzzle.kind === "row" && mine === index) line.classList.add("chosen");
    line.append(el("span", {class: "n"}, String(index + 1)));
    for (let slot = 0; slot < 5; slot++) {
      line.append(slot < row.length ? card(s.rules, row[slot], "span") : el("span", {class: "card slot"}));
    }
    const points = s.row_penalties[index];
    line.append(el("span", {class: "pts"}, tn("{score} pt", "{score} pts", points, {score: points})));
    if (choosing) line.addEventListener("click", () => answerPuzzle(puzzle.id, {row: index}, index));
    rows.append(line);
  });
}

// The hand: buttons when the puzzle asks for a card (and this phone has not answered).
function drawPuzzleHand(s, mine) {
  const puzzle = s.puzzle;
  const hand = $("puzzle-hand");
  hand.replaceChildren();
  const choosing = puzzle.kind === "card" && s.ask === "puzzle" && mine === undefined;
  $("puzzle-hand-title").hidden = puzzle.hand.length === 0;
  for (const number of puzzle.hand) {
    const button = card(s.rules, number, "button", {"data-testid": "puzzle-card-" + number, type: "button"});
    button.disabled = !choosing;
    if (puzzle.kind === "card" && mine === number) button.classList.add("chosen");
    if (choosing) button.addEventListener("click", () => answerPuzzle(puzzle.id, {card: number}, number));
    hand.append(button);
  }
}

// The answer goes out only on an open connection (a tap while reconnecting does nothing).
function answerPuzzle(id, answer, value) {
  if (puzzled[id] !== undefined || !socket || socket.readyState !== WebSocket.OPEN) return;
  send(Object.assign({type: "puzzle"}, answer));
  puzzled[id] = value;
  onPuzzle(state);
}

// The verdict in the status line - right or not (a mark and a word, not a colour alone), what it
// cost - and why under the question, both on the first screen; the best answer framed.
function showPuzzleVerdict(judged) {
  judgedPuzzles[judged.id] = judged;
  setStatus(verdictLine(judged));
  const line = $("puzzle-verdict");
  line.hidden = false;
  line.className = "verdict " + (judged.right ? "right" : "wrong");
  line.replaceChildren(el("strong", {}, t("Why")), el("small", {}, judged.reason));
  if (judged.themes) line.append(el("small", {"data-testid": "puzzle-themes"}, judged.themes));
  const rows = state && state.puzzle && state.puzzle.kind === "row";
  const best = document.querySelector('[data-testid="' + (rows ? "puzzle-row-" : "puzzle-card-") + judged.best + '"]');
  if (best) best.classList.add("best");
}

function verdictLine(judged) {
  return (judged.right ? "\u2714 " : "\u2718 ") + judged.text;
}
