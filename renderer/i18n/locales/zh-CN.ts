// The zh-CN catalog: one JSON file per namespace (a namespace per feature folder); catalogs.ts registers it.
import common from './zh-CN/common.json';
import picker from './zh-CN/picker.json';
import templates from './zh-CN/templates.json';
import viewer from './zh-CN/viewer.json';
import annotations from './zh-CN/annotations.json';
import cache from './zh-CN/cache.json';
import tray from './zh-CN/tray.json';
import log from './zh-CN/log.json';
import serverDetails from './zh-CN/serverDetails.json';
import subscriptions from './zh-CN/subscriptions.json';
import inputRequired from './zh-CN/inputRequired.json';
import auth from './zh-CN/auth.json';
import servers from './zh-CN/servers.json';
import shell from './zh-CN/shell.json';
import palette from './zh-CN/palette.json';

export default { common, picker, templates, viewer, annotations, cache, tray, log, serverDetails, subscriptions, inputRequired, auth, servers, shell, palette };
