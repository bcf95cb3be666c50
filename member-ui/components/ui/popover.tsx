import * as RadixPopover from 'radix-ui/popover';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverClose = RadixPopover.Close;

export function PopoverContent({ className, sideOffset = 8, ...props }: ComponentProps<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content className={cn('popover', className)} sideOffset={sideOffset} {...props} />
    </RadixPopover.Portal>
  );
}
