// The en catalog: one JSON file per namespace (a namespace per feature folder); catalogs.ts registers it.
import common from './en/common.json';
import picker from './en/picker.json';
import templates from './en/templates.json';
import viewer from './en/viewer.json';
import annotations from './en/annotations.json';
import cache from './en/cache.json';
import tray from './en/tray.json';
import log from './en/log.json';
import serverDetails from './en/serverDetails.json';
import subscriptions from './en/subscriptions.json';
import inputRequired from './en/inputRequired.json';
import auth from './en/auth.json';
import servers from './en/servers.json';
import shell from './en/shell.json';
import palette from './en/palette.json';

export default { common, picker, templates, viewer, annotations, cache, tray, log, serverDetails, subscriptions, inputRequired, auth, servers, shell, palette };
