// Chromium's flags wherever the project drives Debian's Chromium (gotenberg-dev's renderer, the
// browser journeys): a headless browser with no background traffic of its own.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

module.exports = { CHROMIUM_ARGS };
