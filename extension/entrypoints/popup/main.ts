document.getElementById("app")!.textContent = "TabVault";
