/* global zxcvbnts, document, window, __PASSWORD_RULE__ */
// The strength meter of the server-rendered password pages (setup, invite, reset). Served after
// zxcvbn-ts and its dictionaries (http/password-meter.ts), with the server's own rule filled in for
// __PASSWORD_RULE__, so what it shows as people type is what the server will answer. The server
// decides; without this script the form still works and the server's message says what is wrong.
(function (rule) {
  var input = document.getElementById('password');
  var meter = document.getElementById('password-strength');
  if (!input || !meter || typeof zxcvbnts === 'undefined') return;
  var text = meter.querySelector('.strength-text');
  /** The account's and the product's words, as the server gave them (a JSON list). */
  var served = JSON.parse(meter.getAttribute('data-context') || '[]');

  var common = zxcvbnts['language-common'];
  var en = zxcvbnts['language-en'];
  var estimator = new zxcvbnts.core.ZxcvbnFactory({
    dictionary: Object.assign({}, common.dictionary, en.dictionary),
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: rule.maxLength,
    l33tMaxSubstitutions: rule.l33tMaxSubstitutions,
  });

  /**
   * The words of the account and the product, as the server's accountWords gathers them: the
   * fields of the page first (what is typed on the setup page), then the words the page was served
   * with (the account's and the product's).
   */
  function contextWords() {
    var words = [];
    var values = [];
    ['email', 'firstName', 'lastName'].forEach(function (id) {
      var field = document.getElementById(id);
      if (field) values.push(field.value);
    });
    values.forEach(function (value) {
      var whole = value.trim().toLowerCase();
      if (whole.length >= 3 && words.indexOf(whole) < 0) words.push(whole);
      whole.split(/[^\p{L}\p{N}]+/u).forEach(function (part) {
        if (part.length >= 3 && words.indexOf(part) < 0) words.push(part);
      });
    });
    served.forEach(function (word) {
      if (words.indexOf(word) < 0) words.push(word);
    });
    return words;
  }

  /** The server's withoutAccountWords: what is left once the account's words are taken out. */
  function withoutAccountWords(password, words) {
    var lower = password.toLowerCase();
    var rest = lower;
    words
      .slice()
      .sort(function (a, b) {
        return b.length - a.length;
      })
      .forEach(function (word) {
        rest = rest.split(word).join('');
      });
    return rest === lower ? null : rest.replace(new RegExp(rule.wordSeparators, 'gu'), '');
  }

  function containsCommonPassword(result) {
    return result.sequence.some(function (match) {
      return match.pattern === 'dictionary' && rule.commonDictionaries.indexOf(match.dictionaryName) >= 0;
    });
  }

  /** The server's verdict (domain/passwords.ts) and a word for it: [score 0-4, label, sentence]. */
  function judge(password) {
    var length = Array.from(password).length;
    if (length === 0) return [0, '', rule.messages.empty];
    if (length < rule.minLength) return [0, 'Too short', rule.messages.tooShort];
    if (length > rule.maxPasswordLength) return [0, 'Too long', rule.messages.tooLong];
    if (password.trim() === '') return [0, 'Too weak', rule.messages.onlySpaces];
    var words = contextWords();
    var result = estimator.check(password, words);
    if (result.score >= rule.minScore) {
      var rest = withoutAccountWords(password, words);
      var restScore = rest === null ? rule.minScore : rest === '' ? 0 : estimator.check(rest, words).score;
      if (restScore < rule.minScore) {
        var sentences = [rule.messages.tooEasy, rule.messages.accountWords, rule.messages.tryWords];
        return [restScore, 'Too weak', sentences.join(' ')];
      }
      return result.score >= 4
        ? [4, 'Strong', rule.messages.strong]
        : [result.score, 'Good', rule.messages.good];
    }
    if (containsCommonPassword(result)) return [result.score, 'Too common', rule.messages.tooCommon];
    var why = result.feedback.warning || result.feedback.suggestions[0];
    return [
      result.score,
      'Too weak',
      rule.messages.tooEasy + (why ? ' ' + why : '') + ' ' + rule.messages.tryWords,
    ];
  }

  var timer = 0;
  function update() {
    var verdict = judge(input.value);
    meter.setAttribute('data-score', String(verdict[0]));
    var verdictName = verdict[0] >= rule.minScore ? 'accepted' : 'refused';
    meter.setAttribute('data-verdict', input.value === '' ? 'empty' : verdictName);
    text.textContent = verdict[1] ? 'Strength: ' + verdict[1] + '. ' + verdict[2] : verdict[2];
  }
  // A pause in typing, not every key: the estimate can take a tenth of a second, and a screen
  // reader reads the result once rather than at every character.
  input.addEventListener('input', function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(update, 200);
  });
  var described = input.getAttribute('aria-describedby');
  input.setAttribute('aria-describedby', (described ? described + ' ' : '') + 'password-strength-text');
  meter.hidden = false;
  update();
})(__PASSWORD_RULE__);
