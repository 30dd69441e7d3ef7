// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichText } from './RichText';

describe('<RichText>', () => {
  afterEach(cleanup);

  it('renders markers as elements and emoticons as labelled images', () => {
    const { container } = render(<RichText text="**hola** ~~tú~~ __yo__ :)" />);
    expect(container.querySelector('strong')?.textContent).toBe('hola');
    expect(container.querySelector('em')?.textContent).toBe('tú');
    expect(container.querySelector('u')?.textContent).toBe('yo');
    const emoticon = container.querySelector('[role="img"]');
    expect(emoticon?.getAttribute('aria-label')).toBe('sonrisa');
    expect(emoticon?.textContent).toBe('🙂');
  });

  it('never turns member text into HTML', () => {
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script> **<b>negrita</b>**';
    const { container } = render(<RichText text={evil} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(
      '<img src=x onerror="alert(1)"><script>alert(2)</script> <b>negrita</b>',
    );
    expect(container.querySelector('strong')?.textContent).toBe('<b>negrita</b>');
  });
});
