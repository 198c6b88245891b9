// The `icons.get` contract method, answered by the icon service.
import type { HandlerMap } from '../handlers';
import type { IconService } from './icon-service';

export function iconHandlers(icons: IconService): HandlerMap<'icons.get'> {
  return { 'icons.get': ({ serverId, src }) => icons.get(serverId, src) };
}
