import type { Locator, Page } from 'playwright-core';

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(name: string, locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} is not shown`);
  return { name, ...box };
}

/** Where the admin's top bar draws its parts for a signed-in admin (browser and desktop alike). */
export async function adminTopBarBoxes(page: Page): Promise<Box[]> {
  const bar = page.getByRole('banner');
  return [
    await boxOf('logo', bar.getByRole('link', { name: 'Home' })),
    await boxOf('title', bar.getByText('Admin Portal', { exact: true })),
    await boxOf('user', bar.getByLabel('Signed in user')),
    await boxOf('theme switch', bar.getByRole('group', { name: 'Theme' })),
    await boxOf('logout', bar.getByRole('link', { name: 'Logout' })),
  ];
}

/** The pairs of boxes that share any area: two things drawn over each other. */
export function overlapping(boxes: Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (across > 0.5 && down > 0.5) found.push(`${a.name} over ${b.name}`);
    }),
  );
  return found;
}

/** The boxes that reach past either side of a window `width` wide. */
export function outside(boxes: Box[], width: number): string[] {
  return boxes.filter((box) => box.x < 0 || box.x + box.width > width).map((box) => box.name);
}
