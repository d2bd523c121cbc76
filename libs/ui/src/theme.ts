import { createTheme } from '@mui/material/styles';

/** The shared MUI theme of both apps. */
export const theme = createTheme({
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#8a4b08' },
    background: { default: '#f5f6f8' },
  },
  shape: { borderRadius: 6 },
  components: {
    MuiButton: { defaultProps: { variant: 'contained', disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense', size: 'small' } },
  },
});
