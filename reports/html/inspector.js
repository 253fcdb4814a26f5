// The report page's context inspector: the entries a run's turn carried, composed from the data
// embedded in the page as the harness composes them (reports/inspect), with the request's size against
// the window and the blocks it carried. Plain browser JavaScript with no dependency, inlined into
// report.html ahead of client.js, which drives it. Texts go in through textContent only.
/* exported reportInspector */
var reportInspector = (function () {
  'use strict';
  var KINDS = ['instructions', 'prompt', 'toolCall', 'toolOutput', 'reply'];
  var HELD_BACK = 1;
  var RETRIED = 2;
  /** The page's table of texts, which the data's rows index. */
  var S = [];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs)
      Object.keys(attrs).forEach(function (key) {
        if (key === 'text') node.textContent = attrs[key];
        else if (key === 'className') node.className = attrs[key];
        else node.setAttribute(key, attrs[key]);
      });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  function num(value) {
    return value === null || value === undefined ? '-' : value.toLocaleString('en-GB');
  }

  function str(index) {
    return index < 0 ? null : S[index];
  }

  /** One entry of the data as an object. */
  function entryOf(row) {
    return {
      id: row[0],
      kind: KINDS[row[1]],
      turn: row[2],
      stored: str(row[3]),
      reference: str(row[4]),
      cut: str(row[5]),
      tool: str(row[6]),
      flags: row[7],
      from: row[8],
      gone: row[9],
      referencedFrom: row[10],
      droppedAt: row[11],
      storedTokens: row[12],
      referenceTokens: row[13],
      cutTokens: row[14],
    };
  }

  /**
   * The context at the start of `turn`, composed as the harness does (reports/inspect): carried from
   * the first turn whose first request held an entry until the turn it was gone; sent as its
   * reference from the turn it was referenced; a reply with cuts sent cut once its turn is over.
   */
  function contextAt(run, turn) {
    var carried = [];
    var during = [];
    var gone = [];
    run.entries.forEach(function (row) {
      var e = entryOf(row);
      if (e.turn > turn) return;
      if (e.gone > 0 && e.gone <= turn) {
        gone.push(e);
        return;
      }
      if (e.from > 0 && e.from <= turn) {
        var sentAs = 'whole';
        var sent = e.stored;
        var tokens = e.storedTokens;
        if (e.referencedFrom > 0 && e.referencedFrom <= turn) {
          sentAs = 'reference';
          sent = e.reference;
          tokens = e.referenceTokens;
        } else if (e.cut !== null && e.turn < turn) {
          sentAs = 'cut';
          sent = e.cut;
          tokens = e.cutTokens;
        } else if (e.flags & HELD_BACK) sentAs = 'held-back';
        carried.push({ entry: e, sentAs: sentAs, sent: sent, tokens: tokens });
        return;
      }
      if (e.turn === turn && !(e.flags & RETRIED))
        during.push({
          entry: e,
          sentAs: e.flags & HELD_BACK ? 'held-back' : 'whole',
          sent: e.stored,
          tokens: e.storedTokens,
        });
    });
    return { carried: carried, during: during, gone: gone };
  }

  function preview(text) {
    return (text || '').replace(/\s+/g, ' ').trim().slice(0, 200);
  }

  function entryRow(item) {
    var e = item.entry;
    var tokens =
      item.sentAs === 'whole' || item.sentAs === 'held-back'
        ? num(item.tokens)
        : num(item.tokens) + '/' + num(e.storedTokens);
    var label = e.kind === 'toolOutput' && e.tool ? e.tool + ': ' : '';
    var node = el('details', { className: 'entry', 'data-id': String(e.id), 'data-sent': item.sentAs }, [
      el('summary', null, [
        el('span', { text: '#' + e.id }),
        el('span', { text: e.kind }),
        el('span', { text: 'turn ' + e.turn }),
        el('span', { className: 'sent-' + item.sentAs, text: item.sentAs }),
        el('span', { text: tokens + ' tok' }),
        el('span', { className: 'preview', text: label + preview(item.sent) }),
      ]),
    ]);
    node.addEventListener(
      'toggle',
      function () {
        if (!node.open || node.childNodes.length > 1) return;
        var heading = {
          reference: 'Sent as its reference:',
          cut: 'Sent with its cuts:',
          'held-back': 'Sent as the tool result, part of the output held back:',
          whole: 'Sent whole:',
        }[item.sentAs];
        node.appendChild(el('div', { className: 'muted', text: heading }));
        node.appendChild(el('pre', { text: item.sent }));
        if (item.sent !== e.stored) {
          node.appendChild(el('div', { className: 'muted', text: 'As the store holds it:' }));
          node.appendChild(el('pre', { text: e.stored }));
        }
      },
      false,
    );
    return node;
  }

  function goneRow(e) {
    return el('details', { className: 'entry gone', 'data-id': String(e.id), 'data-sent': 'dropped' }, [
      el('summary', null, [
        el('span', { text: '#' + e.id }),
        el('span', { text: e.kind }),
        el('span', { text: 'turn ' + e.turn }),
        el('span', { className: 'sent-dropped', text: 'dropped' }),
        el('span', { text: 'at ' + (e.droppedAt || '?') }),
        el('span', { className: 'preview', text: (e.tool ? e.tool + ': ' : '') + preview(e.stored) }),
      ]),
      el('pre', { text: e.stored }),
    ]);
  }

  function block(title, text, open) {
    if (text === null) return null;
    var node = el('details', { className: 'block' }, [
      el('summary', { text: title }),
      el('pre', { text: text }),
    ]);
    if (open) node.open = true;
    return node;
  }

  function sizeBar(run, row) {
    var estimated = row[2];
    if (estimated === null) return el('p', { className: 'muted', text: 'No request was made at this turn.' });
    var window_ = run.window;
    var pct = function (tokens) {
      return Math.min(100, (tokens / window_) * 100).toFixed(2) + '%';
    };
    var over = run.budget !== null && estimated >= run.budget;
    var bar = el('div', { className: 'size-bar' }, [
      el('div', { className: 'used' + (over ? ' over' : ''), style: 'width:' + pct(estimated) }),
    ]);
    if (run.goal !== null)
      bar.appendChild(
        el('div', { className: 'mark goal', style: 'left:' + pct(run.goal), title: 'goal ' + num(run.goal) }),
      );
    if (run.budget !== null)
      bar.appendChild(
        el('div', {
          className: 'mark budget',
          style: 'left:' + pct(run.budget),
          title: 'budget ' + num(run.budget),
        }),
      );
    var words =
      'Request: ' +
      num(estimated) +
      ' tokens estimated' +
      (row[3] !== null ? ', ' + num(row[3]) + ' reported' : '') +
      '; window ' +
      num(window_) +
      (run.budget !== null ? ', budget ' + num(run.budget) : '') +
      (run.goal !== null ? ', goal ' + num(run.goal) : '') +
      '. ' +
      row[5] +
      ' request' +
      (row[5] === 1 ? '' : 's') +
      ' this turn' +
      (row[4] !== null && row[4] !== estimated ? ', the largest ' + num(row[4]) + ' tokens.' : '.');
    return el('div', null, [el('p', { className: 'size', text: words }), bar]);
  }

  /**
   * Draws `run` (one of the page's runs) at `turn`, held within its turns, into `element`, and shows
   * it. `strings` is the page's table of texts; the inspector's controls call `go` with the turn to
   * move to, or with null to close. Gives back the turn drawn.
   */
  function draw(element, strings, run, turn, go) {
    S = strings;
    element.textContent = '';
    var turns = run.turns.length;
    turn = Math.max(1, Math.min(turns, turn));
    var row = run.turns[turn - 1];
    var ctx = contextAt(run, turn);
    var input = el('input', {
      type: 'number',
      min: '1',
      max: String(turns),
      value: String(turn),
      'aria-label': 'turn',
    });
    var range = el('input', {
      type: 'range',
      min: '1',
      max: String(turns),
      value: String(turn),
      'aria-label': 'turn',
    });
    var prev = el('button', { type: 'button', text: '◀ previous' });
    var next = el('button', { type: 'button', text: 'next ▶' });
    prev.disabled = turn <= 1;
    next.disabled = turn >= turns;
    prev.addEventListener('click', function () {
      go(turn - 1);
    });
    next.addEventListener('click', function () {
      go(turn + 1);
    });
    input.addEventListener('change', function () {
      go(Number(input.value));
    });
    range.addEventListener('input', function () {
      go(Number(range.value));
    });
    var tokens = ctx.carried.reduce(function (sum, item) {
      return sum + item.tokens;
    }, 0);
    var changes = row[6].map(function (index) {
      return el('li', { text: S[index] });
    });
    element.appendChild(el('h3', { text: 'Context at turn ' + turn + ' of ' + run.id }));
    element.appendChild(
      el('p', {
        className: 'muted',
        text: 'The entries the first request of the turn carried, under their store ids; click one for its text.',
      }),
    );
    element.appendChild(
      el('div', { className: 'controls' }, [
        prev,
        input,
        next,
        range,
        el('button', { type: 'button', className: 'close', text: 'close' }),
      ]),
    );
    element.querySelector('.close').addEventListener('click', function () {
      go(null);
    });
    element.appendChild(sizeBar(run, row));
    if (changes.length > 0)
      element.appendChild(
        el('div', null, [
          el('strong', { text: 'Changed at this turn:' }),
          el('ul', { className: 'changes' }, changes),
        ]),
      );
    element.appendChild(block('Earlier block (facts and summary)', str(row[0]), false) || el('span'));
    element.appendChild(
      el('h4', {
        text:
          'Entries carried: ' +
          ctx.carried.length +
          ', ' +
          num(tokens) +
          ' tokens' +
          (ctx.gone.length > 0 ? '; ' + ctx.gone.length + ' of earlier turns dropped' : ''),
      }),
    );
    element.appendChild(el('div', { className: 'entries carried' }, ctx.carried.map(entryRow)));
    element.appendChild(block('Now block', str(row[1]), true) || el('span'));
    if (ctx.during.length > 0) {
      element.appendChild(el('h4', { text: 'During the turn, after its first request' }));
      element.appendChild(el('div', { className: 'entries during' }, ctx.during.map(entryRow)));
    }
    if (ctx.gone.length > 0) {
      element.appendChild(el('h4', { text: 'Dropped before this turn' }));
      element.appendChild(el('div', { className: 'entries gone-list' }, ctx.gone.map(goneRow)));
    }
    if (!run.verified)
      element.appendChild(
        el('p', {
          className: 'bad',
          text: 'Composed again from the store, some turns of this run differ from the requests as sent.',
        }),
      );
    element.hidden = false;
    return turn;
  }

  return { draw: draw };
})();
