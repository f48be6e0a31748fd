// the Word conversion's thread script is loaded by file name at run time, so it is copied, not bundled
module.exports = require('../../tools/webpack/nest-app')(__dirname, { assets: ['./src/docx-conversion.thread.js'] });
