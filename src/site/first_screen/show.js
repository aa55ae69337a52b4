// Runs right after the English screen is parsed: on an English page its table, now whole, is
// shown at once, without waiting for the Chinese screen behind it to be parsed.
if (document.documentElement.lang !== 'zh-CN') document.documentElement.classList.remove('parsing');
