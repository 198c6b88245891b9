// The zh-TW catalog: one JSON file per namespace (a namespace per feature folder); catalogs.ts registers it.
import common from './zh-TW/common.json';
import picker from './zh-TW/picker.json';
import templates from './zh-TW/templates.json';
import viewer from './zh-TW/viewer.json';
import annotations from './zh-TW/annotations.json';
import cache from './zh-TW/cache.json';
import tray from './zh-TW/tray.json';
import log from './zh-TW/log.json';
import serverDetails from './zh-TW/serverDetails.json';
import subscriptions from './zh-TW/subscriptions.json';
import inputRequired from './zh-TW/inputRequired.json';
import auth from './zh-TW/auth.json';
import servers from './zh-TW/servers.json';
import shell from './zh-TW/shell.json';
import palette from './zh-TW/palette.json';

export default { common, picker, templates, viewer, annotations, cache, tray, log, serverDetails, subscriptions, inputRequired, auth, servers, shell, palette };
