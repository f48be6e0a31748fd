module.exports = require('../../tools/webpack/nest-app')(__dirname);
