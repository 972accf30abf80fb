import { render } from 'preact';
import { App } from './App';
import './styles.css';

const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
