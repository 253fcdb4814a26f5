// The report page's script: run selection, the comparison picker, the page's address, and the
// context inspector (inspector.js, inlined just before this script) opened at the turn asked for.
// Plain browser JavaScript with no dependency; inlined whole into report.html.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var runSelect = document.getElementById('run-select');
  var inspector = document.getElementById('inspector');
  var state = { run: null, turn: null };

  /** Draws the inspector at the state's run and turn, and marks that turn in the run's chart and probes. */
  function drawInspector() {
    var run = data.runs[state.run];
    if (!run || state.turn === null) {
      inspector.textContent = '';
      inspector.hidden = true;
      return;
    }
    var turn = reportInspector.draw(inspector, data.strings, run, state.turn, go);
    state.turn = turn;
    var article = currentArticle();
    if (article) {
      article.querySelectorAll('.fill-point').forEach(function (point) {
        point.classList.toggle('current', Number(point.getAttribute('data-turn')) === turn);
      });
      article.querySelectorAll('tr.probe-row').forEach(function (probe) {
        probe.classList.toggle('selected', Number(probe.getAttribute('data-turn')) === turn);
      });
    }
  }

  function currentArticle() {
    var found = null;
    document.querySelectorAll('article.run').forEach(function (article) {
      if (article.getAttribute('data-run') === state.run) found = article;
    });
    return found;
  }

  function showRun(id) {
    if (!id) return;
    state.run = id;
    runSelect.value = id;
    document.querySelectorAll('article.run').forEach(function (article) {
      article.hidden = article.getAttribute('data-run') !== id;
    });
  }

  function writeHash() {
    var hash =
      '#run=' + encodeURIComponent(state.run || '') + (state.turn !== null ? '&turn=' + state.turn : '');
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  function go(turn, scroll) {
    state.turn = turn === null || isNaN(turn) ? null : turn;
    drawInspector();
    writeHash();
    if (scroll && state.turn !== null) inspector.scrollIntoView({ block: 'start' });
  }

  function readHash() {
    var params = new URLSearchParams(location.hash.slice(1));
    var run = params.get('run');
    var turn = params.get('turn');
    if (run && document.querySelector('article.run[data-run="' + CSS.escape(run) + '"]')) {
      showRun(run);
      go(turn ? Number(turn) : null, Boolean(turn));
      return true;
    }
    return false;
  }

  runSelect.addEventListener('change', function () {
    showRun(runSelect.value);
    go(null);
  });

  function activate(target) {
    var mark = target.closest('[data-turn]');
    if (mark && mark.closest('article.run')) {
      go(Number(mark.getAttribute('data-turn')), true);
      return;
    }
    var link = target.closest('[data-run]');
    if (link && (link.matches('tr.cell-row') || link.matches('a[data-run]'))) {
      showRun(link.getAttribute('data-run'));
      go(null);
      document.getElementById('runs').scrollIntoView({ block: 'start' });
    }
  }

  document.addEventListener('click', function (event) {
    if (event.target.closest('a[data-run]')) event.preventDefault();
    activate(event.target);
  });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && event.target.matches('tr[tabindex], circle[tabindex]'))
      activate(event.target);
  });

  var compareSelect = document.getElementById('compare-select');
  if (compareSelect)
    compareSelect.addEventListener('change', function () {
      document.querySelectorAll('figure.comparison').forEach(function (figure) {
        figure.hidden = figure.getAttribute('data-group') !== compareSelect.value;
      });
    });

  window.addEventListener('hashchange', readHash);
  if (!readHash()) showRun(runSelect.value);
})();
