// @vitest-environment happy-dom
// Browser mode's host methods (the page's own) in happy-dom; window.open is replaced by a recorder because
// happy-dom would otherwise try to load the page.
import { describe, expect, it, vi } from 'vitest';
import { safeFileName } from '../../shared/file-names';
import { browserHostMethods } from './browser-host-methods';

describe('browser host methods', () => {
  it('opens only vetted http(s) links, without opener or referrer', async () => {
    const open = vi.fn();
    const methods = browserHostMethods(document, { open } as unknown as Window);
    await expect(methods['shell.openExternal']({ url: 'https://example.com/doc' })).resolves.toEqual({ opened: true });
    await expect(methods['shell.openExternal']({ url: 'javascript:alert(1)' })).resolves.toEqual({ opened: false });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://example.com/doc', '_blank', 'noopener,noreferrer');
  });

  it('saves a file as a download with a cleaned name and the decoded bytes', async () => {
    const clicked: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const created = vi.spyOn(URL, 'createObjectURL');
    const methods = browserHostMethods(document, window);
    await expect(methods['file.save']({ suggestedName: '../../etc/pass:wd', data: btoa('hi\u0001'), encoding: 'base64' })).resolves.toEqual({
      saved: true
    });
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('pass_wd');
    const blob = created.mock.calls[0][0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([104, 105, 1]));
    await expect(methods['file.save']({ suggestedName: 'x', data: '%%%', encoding: 'base64' })).rejects.toMatchObject({
      error: { code: 'invalid_params' }
    });
    click.mockRestore();
  });

  it('never yields an empty or hidden download name', () => {
    expect(safeFileName('')).toBe('resource');
    expect(safeFileName('..')).toBe('resource');
    expect(safeFileName('.bashrc')).toBe('bashrc');
    expect(safeFileName('a\\b\\report.csv')).toBe('report.csv');
  });
});
