import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';

/** A dialog title with a close button (labelled `closeLabel`) in its corner. */
export function DialogHeading({ id, title, closeLabel, onClose }: { id: string; title: string; closeLabel: string; onClose(): void }) {
  return (
    <>
      <DialogTitle id={id} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={closeLabel} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <SvgIcon>
          <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
        </SvgIcon>
      </IconButton>
    </>
  );
}
